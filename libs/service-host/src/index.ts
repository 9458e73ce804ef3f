export * from './service-host';
export * from './peer-clients';
export * from './service-main';
export * from './unit-of-work';
export * from './idempotency';
export * from './request-interceptor';
export * from './workspace-guard';
export * from './data-upgrades';
