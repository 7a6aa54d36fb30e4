export {
  createSqliteRegistry,
  REGISTRY_MIGRATIONS_FOLDER,
  REGISTRY_MIGRATIONS_TABLE,
} from './registry.adapter.js';
export type { RegistryCounts, RegistrySeed, RegistrySeedVehicle, SqliteRegistry } from './registry.adapter.js';
export * as registrySchema from './schema.js';
export { readRegistrySeed } from './seed.js';
