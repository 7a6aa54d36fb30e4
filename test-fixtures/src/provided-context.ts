/** What the vitest global setups provide to test files (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster of the test run (scripts/lib/postgres-global-setup.mjs). */
    postgresUrl: string;
  }
}

export {};
