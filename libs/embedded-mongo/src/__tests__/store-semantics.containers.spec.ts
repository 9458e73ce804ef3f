import { useContainers } from '@crm/testing/containers';

// The store semantics against MongoDB, a replica set in a container (the container suite).
useContainers({ MONGO_URL: 'mongoUrl' });
require('./store-semantics.transport.spec');
