export * from './webhooks-service';
