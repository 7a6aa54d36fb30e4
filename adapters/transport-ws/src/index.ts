export { WsTransport, hubUrl, type WebSocketFactory, type WebSocketLike } from './ws-transport.adapter.js';
