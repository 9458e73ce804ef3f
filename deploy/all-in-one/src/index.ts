export * from './system';
export { DEFAULT_SERVICES_THREAD_NICE } from './parts';
