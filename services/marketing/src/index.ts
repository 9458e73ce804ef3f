export * from './marketing-service';
