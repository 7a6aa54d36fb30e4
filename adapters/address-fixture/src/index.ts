export { FixtureAddresses } from './address-fixture.adapter.js';
