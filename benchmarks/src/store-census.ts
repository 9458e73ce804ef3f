import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { acrossWorkspaces, connectDatabase } from '@crm/kit';

// Where the data of a run sits: every service's embedded store opened after the system stopped,
// each collection's documents counted and their BSON size added up. The embedded store keeps
// every document in memory (as BSON, with a small object per document and its index keys), so
// this says which part of the product the resident memory is for.

export interface CollectionCensus {
  service: string;
  collection: string;
  documents: number;
  bytes: number;
}

export async function storeCensus(dataDir: string): Promise<CollectionCensus[]> {
  const found: CollectionCensus[] = [];
  // A service's store is a folder holding a snapshot or a journal (blobs and mail are not stores).
  const isStore = (name: string) =>
    statSync(join(dataDir, name)).isDirectory() &&
    readdirSync(join(dataDir, name)).some((file) => file === 'snapshot.bson' || /^journal-\d+\.log$/.test(file));
  const services = readdirSync(dataDir).filter(isStore);
  for (const service of services) {
    const connection = await connectDatabase({ service, dataDir });
    try {
      const collections = await connection.db!.listCollections({}, { nameOnly: true }).toArray();
      for (const { name } of collections) {
        let documents = 0;
        let bytes = 0;
        await acrossWorkspaces('counting what each collection holds after a benchmark', async () => {
          for await (const document of connection.collection(name).find({})) {
            documents += 1;
            bytes += mongoose.mongo.BSON.calculateObjectSize(document);
          }
        });
        if (documents > 0) found.push({ service, collection: name, documents, bytes });
      }
    } finally {
      await connection.close();
    }
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

// Per service, then the largest collections (`shown` of them).
export function printCensus(census: readonly CollectionCensus[], shown = 12): void {
  const byService = new Map<string, { documents: number; bytes: number }>();
  for (const entry of census) {
    const total = byService.get(entry.service) ?? { documents: 0, bytes: 0 };
    total.documents += entry.documents;
    total.bytes += entry.bytes;
    byService.set(entry.service, total);
  }
  const documents = census.reduce((sum, entry) => sum + entry.documents, 0);
  const bytes = census.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`  stored: ${documents.toLocaleString('en')} documents, ${mib(bytes)} of BSON`);
  for (const [service, total] of [...byService.entries()].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `    ${service.padEnd(10)} ${total.documents.toLocaleString('en').padStart(10)} documents ${mib(total.bytes).padStart(10)}`,
    );
  }
  console.log(`  largest collections:`);
  for (const entry of census.slice(0, shown)) {
    const each = Math.round(entry.bytes / entry.documents);
    console.log(
      `    ${`${entry.service}.${entry.collection}`.padEnd(36)} ${entry.documents.toLocaleString('en').padStart(10)} documents ${mib(entry.bytes).padStart(10)}  ${each} B each`,
    );
  }
}
