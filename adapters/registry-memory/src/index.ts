export { MemoryRegistry, PracticeRegistry, PRACTICE_INSURERS } from './memory-registry.adapter.js';
