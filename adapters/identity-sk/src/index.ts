export { SmartIdClient, type SmartIdConfig } from './smart-id-client.js';
export { FakeSmartId, SMART_ID_DEMO_ACCOUNTS, type FakeSmartIdOptions, type SmartIdMischief } from './fake-smart-id.js';
export { MobileIdClient, type MobileIdConfig } from './mobile-id-client.js';
export { FakeMobileId, MOBILE_ID_DEMO_NUMBERS, type FakeMobileIdOptions, type MobileIdMischief } from './fake-mobile-id.js';
