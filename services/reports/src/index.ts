export * from './reports-service';
