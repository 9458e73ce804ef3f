export * from './service-host';
export * from './service-main';
