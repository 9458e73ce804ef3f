export * from './documents-service';
// For tests that look behind the API (the blob store, the clock of the URL checks), through
// the running service's `runtime`.
export type { DocumentsRuntime } from './documents-runtime';
