export * from './create-event-bus';
export * from './event-bus';
export * from './event-envelope';
export * from './idempotent-consumer';
export * from './in-process-bus';
export * from './outbox';
export * from './outbox-relay';
export * from './rabbit-bus';
export { topicMatches, isTopicPattern } from './topic-pattern';
