export * from './system';
export { DEFAULT_SERVICES_THREAD_NICE, THREAD_PARTS } from './parts';
