import { useContainers } from '@crm/testing/containers';

// The store semantics against MongoDB, a replica set in a container (the container suite).
if (useContainers({ MONGO_URL: 'mongoUrl' })) {
  require('./store-semantics.transport.spec');
} else {
  it.skip('run against MongoDB in a container when a container engine answers', () => undefined);
}
