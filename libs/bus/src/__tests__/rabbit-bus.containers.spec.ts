import { useContainers } from '@crm/testing/containers';

// The RabbitMQ transport against a broker in a container (the container suite).
useContainers({ AMQP_URL: 'amqpUrl' });
require('./rabbit-bus.transport.spec');
