import * as fs from 'node:fs';
import * as path from 'node:path';
import { acquireLock, fsyncDirectory, journalFileName, listJournalGenerations, truncateDurably } from './data-dir';
import { findIntactFrameAfter, scanFrames } from './journal';

// Repairs a data directory whose journal is damaged before its end (the store refuses to start
// on it): keeps every record before the first damage and drops the rest, after saying exactly
// what it drops. Usage: node libs/embedded-mongo/dist/repair.js <dataDir> [--dry-run]

export interface RepairReport {
  readonly damaged: boolean;
  readonly file?: string;
  readonly offset?: number;
  readonly droppedBytes: number;
  // Intact records after the damage, in the damaged file and in newer journals: these were
  // acknowledged writes and are lost.
  readonly droppedRecords: number;
  readonly removedJournals: string[];
}

function countIntactRecords(data: Buffer, from: number): number {
  let records = 0;
  let offset: number | undefined = findIntactFrameAfter(data, from);
  while (offset !== undefined) {
    const scan = scanFrames(data.subarray(offset));
    records += scan.payloads.length;
    if (!scan.torn) break;
    offset = findIntactFrameAfter(data, offset + scan.validLength);
  }
  return records;
}

export function repairDataDirectory(
  dataDir: string,
  options: { dryRun?: boolean; log?: (line: string) => void } = {},
): RepairReport {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const release = acquireLock(dataDir);
  try {
    const generations = listJournalGenerations(dataDir);
    for (let position = 0; position < generations.length; position++) {
      const file = path.join(dataDir, journalFileName(generations[position]));
      const data = fs.readFileSync(file);
      const scan = scanFrames(data);
      const newer = generations
        .slice(position + 1)
        .map((generation) => path.join(dataDir, journalFileName(generation)));
      if (!scan.torn) continue;
      let droppedRecords = countIntactRecords(data, scan.validLength);
      for (const other of newer) droppedRecords += scanFrames(fs.readFileSync(other)).payloads.length;
      const droppedBytes = data.length - scan.validLength;
      log(`${file}: damage at byte offset ${scan.validLength}; keeping ${scan.payloads.length} records before it.`);
      log(
        `dropping ${droppedBytes} bytes from that offset, which hold ${droppedRecords === 0 ? 'no intact record' : `${droppedRecords} intact records (acknowledged writes that will be lost)`}.`,
      );
      for (const other of newer) log(`removing the newer journal ${other}, which depends on what is dropped.`);
      if (options.dryRun) {
        log('dry run: nothing changed.');
      } else {
        truncateDurably(file, scan.validLength);
        for (const other of newer) fs.rmSync(other, { force: true });
        fsyncDirectory(dataDir);
        log('repaired: the store can be opened again.');
      }
      return { damaged: true, file, offset: scan.validLength, droppedBytes, droppedRecords, removedJournals: newer };
    }
    log(`${dataDir}: no damaged journal found; nothing to repair.`);
    return { damaged: false, droppedBytes: 0, droppedRecords: 0, removedJournals: [] };
  } finally {
    release();
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const dataDir = args.find((arg) => !arg.startsWith('--'));
  if (!dataDir) {
    process.stderr.write('usage: node libs/embedded-mongo/dist/repair.js <dataDir> [--dry-run]\n');
    process.exit(2);
  }
  try {
    repairDataDirectory(dataDir, { dryRun: args.includes('--dry-run') });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
