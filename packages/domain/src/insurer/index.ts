/** What insurers receive of a finished declaration (issue 36): the data model and its mapping. */
export * from './declaration-data.js';
