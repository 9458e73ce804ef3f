import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@crm/kit';
import { Schema, type Connection, type Model } from 'mongoose';

export interface TestDatabase {
  connection: Connection;
  close(): Promise<void>;
}

// A fresh embedded database per test: no test sees rows another one left behind.
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bus-test-'));
  const connection = await connectDatabase({ service: 'bus-test', dataDir });
  return {
    connection,
    close: async () => {
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// What a consumer's handler changes: one counter per event, so applying an event twice shows.
export interface Applied {
  _id: string;
  applied: number;
}

export function appliedModel(connection: Connection): Model<Applied> {
  const existing = connection.models.BusTestApplied as Model<Applied> | undefined;
  return (
    existing ??
    connection.model<Applied>(
      'BusTestApplied',
      new Schema<Applied>({ _id: String, applied: Number }, { collection: 'applied', versionKey: false }),
    )
  );
}
