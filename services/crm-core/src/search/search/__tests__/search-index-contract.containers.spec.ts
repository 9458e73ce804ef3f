import { useContainers } from '@crm/testing/containers';

// The search index contract against Meilisearch in a container (the container suite).
useContainers({ MEILI_URL: 'meiliUrl', MEILI_KEY: 'meiliKey' });
require('./search-index-contract.transport.spec');
