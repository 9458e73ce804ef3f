export { EmbeddedMongoClient, openEmbeddedMongo, type EmbeddedMongoOptions } from './embedded-client';
export { EmbeddedDb } from './embedded-db';
export { EmbeddedCollection } from './embedded-collection';
export { EmbeddedSession } from './embedded-session';
export { EmbeddedAggregationCursor, EmbeddedCursor, EmbeddedFindCursor, EmbeddedListCursor } from './cursor';
export type { ExecutionCounters } from './collection-store';
export { DataDirectoryLockedError } from './data-dir';
export { JournalCorruptedError } from './journal';
export { repairDataDirectory, type RepairReport } from './repair';
