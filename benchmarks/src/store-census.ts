import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { acrossWorkspaces, connectDatabase } from '@crm/kit';

// Where the data of a run sits: every service's embedded store opened after the system stopped,
// each collection's documents counted and their BSON size added up, and what collStats says the
// store holds in memory for it: the slabs its documents are packed into and its indexes' key
// buffers. The embedded store keeps every document in memory (as BSON, with a small object per
// document and its index keys), so this says which part of the product the resident memory is
// for. (Reopened, the store holds its indexes packed tight and no released bytes: the running
// system's figures are somewhat higher.)

export interface CollectionCensus {
  service: string;
  collection: string;
  documents: number;
  bytes: number;
  // collStats: the memory of its documents and of its indexes' keys, and its largest index.
  storageBytes: number;
  indexBytes: number;
  largestIndex: { name: string; bytes: number };
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
        if (documents === 0) continue;
        const stats = await connection.db!.command({ collStats: name });
        const indexSizes = Object.entries(stats.indexSizes as Record<string, number>);
        const [largestName, largestBytes] = indexSizes.sort((a, b) => b[1] - a[1])[0];
        found.push({
          service,
          collection: name,
          documents,
          bytes,
          storageBytes: Number(stats.storageSize),
          indexBytes: Number(stats.totalIndexSize),
          largestIndex: { name: largestName, bytes: largestBytes },
        });
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
  const byService = new Map<string, { documents: number; bytes: number; storageBytes: number; indexBytes: number }>();
  for (const entry of census) {
    const total = byService.get(entry.service) ?? { documents: 0, bytes: 0, storageBytes: 0, indexBytes: 0 };
    total.documents += entry.documents;
    total.bytes += entry.bytes;
    total.storageBytes += entry.storageBytes;
    total.indexBytes += entry.indexBytes;
    byService.set(entry.service, total);
  }
  const sum = (key: 'documents' | 'bytes' | 'storageBytes' | 'indexBytes') =>
    census.reduce((total, entry) => total + entry[key], 0);
  console.log(
    `  stored: ${sum('documents').toLocaleString('en')} documents, ${mib(sum('bytes'))} of BSON; ` +
      `in memory ${mib(sum('storageBytes'))} of documents and ${mib(sum('indexBytes'))} of index keys`,
  );
  console.log(`    ${''.padEnd(36)} ${'documents'.padStart(10)} ${'BSON'.padStart(10)} ${'indexes'.padStart(10)}`);
  for (const [service, total] of [...byService.entries()].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `    ${service.padEnd(36)} ${total.documents.toLocaleString('en').padStart(10)} ${mib(total.bytes).padStart(10)} ${mib(total.indexBytes).padStart(10)}`,
    );
  }
  console.log(`  largest collections (BSON and index keys; B a document; the largest index):`);
  const largest = [...census].sort((a, b) => b.bytes + b.indexBytes - (a.bytes + a.indexBytes));
  for (const entry of largest.slice(0, shown)) {
    const each = Math.round(entry.bytes / entry.documents);
    console.log(
      `    ${`${entry.service}.${entry.collection}`.padEnd(36)} ${entry.documents.toLocaleString('en').padStart(10)} ${mib(entry.bytes).padStart(10)} ${mib(entry.indexBytes).padStart(10)}  ${String(each).padStart(5)} B  ${entry.largestIndex.name} ${mib(entry.largestIndex.bytes)}`,
    );
  }
}
