/**
 * **API Boundary** of the application layer: the declaration hub as small services over the
 * domain's ports. The server runs it over WebSocket and SQLite, the practice mode in the page.
 */
export { DeclarationHub } from './hub.js';
export type { ClusterPort, HubOptions, HubPorts } from './ports.js';
export { PRESENCE_REPEAT_MS, REMOTE_PRESENCE_TTL_MS } from './rooms.js';
export type { HubConnection, Seat, EndReason } from './rooms.js';
export { Refusal } from './refusal.js';
export { UploadError, UploadService, UPLOADS_PER_SEAT, type PhotoLegendPort, type UploadPorts, type UploadTicket } from './upload.service.js';
export { EMAIL_LINK_RESEND_MS, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MS } from './contacts.service.js';
export { PHONE_CODE_RESEND_MS } from '@eid/domain';
