/**
 * Shared test material: builders, sample data and the contract suites every adapter of a port
 * must pass. Grows with the ports (declaration storage, transport, registry) of later issues.
 */
export { FixedClock } from './fixed-clock.js';
export { SequenceIds } from './sequence-ids.js';
