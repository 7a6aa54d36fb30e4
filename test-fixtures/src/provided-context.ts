/** What the vitest global setups provide to test files (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL cluster of the test run (scripts/lib/services-global-setup.mjs). */
    postgresUrl: string;
    /** The S3-compatible object store of the test run and its bucket. */
    s3: { url: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  }
}

export {};
