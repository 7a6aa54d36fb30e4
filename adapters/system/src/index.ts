export { CryptoIds, SystemClock, WebCryptoHash } from './system.adapter.js';
