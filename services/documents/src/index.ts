export * from './documents-service';
