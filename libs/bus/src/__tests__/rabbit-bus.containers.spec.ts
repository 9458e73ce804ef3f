import { useContainers } from '@crm/testing/containers';

// The RabbitMQ transport against a broker in a container (the container suite).
if (useContainers({ AMQP_URL: 'amqpUrl' })) {
  require('./rabbit-bus.transport.spec');
} else {
  it.skip('runs against RabbitMQ in a container when a container engine answers', () => undefined);
}
