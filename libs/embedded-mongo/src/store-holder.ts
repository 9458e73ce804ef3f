import type { mongo } from 'mongoose';
import type { Store } from './store';

// What a collection needs of its database, and a database of its client: the one store they
// all answer from. The client makes databases and a database makes collections; naming what
// flows back up here keeps those imports one way.
export interface StoreHolder {
  readonly store: Store;
}

// The driver's client underneath a database (the driver's Db is built on it), with the store.
export interface StoreClient extends mongo.MongoClient, StoreHolder {}
