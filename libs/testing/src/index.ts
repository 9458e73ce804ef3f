export * from './openapi-check';
export * from './service-harness';
export * from './wait-for';
export * from './mailbox';
export * from './webhook-receiver';
export * from './event-factories';
export * from './interleaved';
export * from './fake-peer';
