// The server's test helpers read the PostgreSQL address its global setup provides; the SDK's tests
// use those helpers on SQLite only, but type-check them too.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
export {};
