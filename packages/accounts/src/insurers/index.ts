/** The insurers' use cases (issue 36): their clients (the console's), their tokens and what their systems read. */
export type { ClaimNotifierPort, CredentialsPort, InsurerPorts, WebhookAddressPort, WebhookAddressRefusal } from './ports.js';
export { InsurerApiError, refuseInsurer, type InsurerApiFailure } from './insurer-error.js';
export { listInsurerClients, registerInsurerClient, revokeInsurerClient, rotateInsurerClient } from './clients.js';
export { authenticateInsurerClient, insurerTokenExpiry, insurerTokenHolder, keepInsurerToken } from './tokens.js';
export { announceFinished, announceMissed } from './announce.js';
export { overdueInsurerAnswers, registerInsurerClaim, statementClaims } from './claims.js';
export { listWebhookDeliveries, replayWebhook, webhookAttempts } from './webhooks.js';
export { readInsurerDeclaration, readInsurerFeed, readInsurerFile, readInsurerPdf, recordInsurerRead, type InsurerCaller } from './pull.js';
