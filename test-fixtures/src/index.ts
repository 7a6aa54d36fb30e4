/**
 * Shared test material: builders, sample data and the contract suites every adapter of a port
 * must pass.
 */
import './provided-context.js';
export { FixedClock } from './fixed-clock.js';
export { SequenceIds } from './sequence-ids.js';
export { registerDeclarationStoreContract, storedDeclaration, type StoreUnderTest } from './contracts/declaration-store.contract.js';
export { hasGpsExif, mediaFixture, plateFixture, PLATE_FIXTURES, type MediaFixture } from './media.js';
export { registerBlobStoreContract, type BlobStoreUnderTest } from './contracts/blob-store.contract.js';
export { registerOutboxSmsContract, type OutboxSmsUnderTest } from './contracts/outbox-sms.contract.js';
export { registerChatStoreContract, type ChatStoreUnderTest } from './contracts/chat-store.contract.js';
export { registerClaimStoreContract, claimFixture, type ClaimStoreUnderTest } from './contracts/claim-store.contract.js';
export { registerInsurerStoreContract, insurerClientFixture, type InsurerStoreUnderTest } from './contracts/insurer-store.contract.js';
export { registerStaffStoreContract, staffFixture, type StaffStoreUnderTest } from './contracts/staff-store.contract.js';
export { ACCIDENT_TIME, DRIVER_CODES, submittedDeclaration } from './finished-declaration.js';
export { registerOutputStoreContract, type OutputStoreUnderTest } from './contracts/output-store.contract.js';
export { registerSubmitQueueContract, type SubmitQueueUnderTest } from './contracts/submit-queue.contract.js';
export { registerExpiringStoreContract, type ExpiringStoreUnderTest } from './contracts/expiring-store.contract.js';
export { translate } from '@eid/adapter-texts-catalog';
export { registerAccountStoreContract, accountFixture, type AccountStoreUnderTest } from './contracts/account-store.contract.js';
export { registerBureauRecordsContract, type BureauRecordsUnderTest } from './contracts/bureau-records.contract.js';
export { hostileCases, validArbitrary, validSamples, weaknesses, withValueAt, SANE_NUMBER, type HostileCase, type Weakness } from './schema-probe.js';
export { InsurerPeer, type ReceivedWebhook } from './insurer-peer.js';
