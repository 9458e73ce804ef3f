export * from './documents-service';
// For tests that look behind the API (the blob store, the clock of the URL checks).
export { documentsRuntime, type DocumentsRuntime } from './documents-runtime';
