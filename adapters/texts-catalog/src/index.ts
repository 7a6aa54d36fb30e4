export { translate, type ServerMessage, type Translate } from './translate.js';
