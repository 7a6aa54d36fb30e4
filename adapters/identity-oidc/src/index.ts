export { OidcClient, type OidcClientConfig } from './oidc-client.js';
export { LocalOidcProvider, type LocalOidcProviderOptions } from './local-provider.js';
export { walkToCallback } from './browser-walk.js';
