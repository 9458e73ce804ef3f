export * from './gateway';
export * from './gateway-thread';
export * from './route-table';
export * from './rate-limits';
export * from './trace-context';
export * from './gateway-settings';
export * from './deprecations';
