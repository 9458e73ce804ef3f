import * as fs from 'node:fs';
import * as path from 'node:path';

// Files of a data directory:
//   LOCK                     pid of the process that has the store open
//   snapshot.bson            full state as of a journal generation (framed records)
//   journal-<generation>.log records written after that snapshot
export const SNAPSHOT_FILE = 'snapshot.bson';
const LOCK_FILE = 'LOCK';
const JOURNAL_PATTERN = /^journal-(\d+)\.log$/;

export function journalFileName(generation: number): string {
  return `journal-${String(generation).padStart(8, '0')}.log`;
}

export function listJournalGenerations(dataDir: string): number[] {
  return fs
    .readdirSync(dataDir)
    .map((name) => JOURNAL_PATTERN.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

// Makes a created, renamed or deleted file name durable.
export function fsyncDirectory(dataDir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dataDir, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    // Some platforms (Windows) cannot fsync a directory; there is nothing more to do there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

// Directories this process holds, so a second open in the same process fails too.
const heldLocks = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirectoryLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(`embedded MongoDB data directory ${dataDir} is already open (${holder}); only one process may open it at a time`);
    this.name = 'DataDirectoryLockedError';
  }
}

// One writer per data directory. The LOCK file names its owner's pid; a lock left behind by a
// process that no longer runs (a crash) is taken over.
export function acquireLock(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  if (heldLocks.has(resolved)) throw new DataDirectoryLockedError(resolved, 'by this process');
  const lockPath = path.join(resolved, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldLocks.add(resolved);
      return () => {
        heldLocks.delete(resolved);
        try {
          fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    } catch {
      continue;
    }
    // Our own pid in a lock we do not hold is a previous incarnation (e.g. pid 1 in a container).
    const stale = !Number.isInteger(owner) || owner === process.pid || !processIsAlive(owner);
    if (!stale) throw new DataDirectoryLockedError(resolved, `by process ${owner}`);
    try {
      fs.unlinkSync(lockPath);
    } catch {
      // Another process removed it first; try again.
    }
  }
  throw new DataDirectoryLockedError(resolved, 'lock file could not be taken');
}
