export * from './billing-service';
