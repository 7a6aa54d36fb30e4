export { handlersFetch, practiceHandlers, type PracticeBackend } from './practice-handlers.js';
