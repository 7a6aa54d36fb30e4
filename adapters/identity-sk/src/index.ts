export { SmartIdClient, type SmartIdConfig } from './smart-id-client.js';
export { FakeSmartId, SMART_ID_DEMO_ACCOUNTS, type FakeSmartIdOptions, type SmartIdMischief } from './fake-smart-id.js';
