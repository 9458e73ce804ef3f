export * from './crm-core-service';
