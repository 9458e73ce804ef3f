export * from './service-host';
export * from './service-main';
export * from './unit-of-work';
