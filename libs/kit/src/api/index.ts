export * from './openapi';
export * from './operation';
export * from './operation-router';
export * from './schema';
export * from './serve-operations';
export * from './request-headers';
export * from './operation-manifest';
