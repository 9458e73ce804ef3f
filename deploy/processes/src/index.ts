export * from './service-processes';
