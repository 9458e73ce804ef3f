import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Files of a data directory:
//   LOCK                     owner of the open store (instance id, host, pid), touched as a heartbeat
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

// Cuts a journal back to its intact records (a damaged tail dropped) and makes that durable.
export function truncateDurably(file: string, length: number): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, length);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
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

// The holder touches its LOCK this often; a lock untouched for LOCK_STALE_MS is abandoned.
export const LOCK_HEARTBEAT_MS = 2_000;
export const LOCK_STALE_MS = 10_000;

interface LockOwner {
  readonly instance: string;
  readonly host: string;
  readonly pid: number;
}

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
    super(
      `embedded MongoDB data directory ${dataDir} is already open (${holder}); only one process may open it at a time`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.instance === 'string' && typeof parsed.host === 'string' && typeof parsed.pid === 'number') {
      return { instance: parsed.instance, host: parsed.host, pid: parsed.pid };
    }
  } catch {
    // Not JSON: an older lock holding a bare pid.
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? { instance: '', host: os.hostname(), pid } : undefined;
}

// Whether a lock someone else wrote can be taken over. A pid means something only on the host
// (container) that wrote it, and even there our own pid may be another container's (both pid 1
// with one hostname): then only a heartbeat that stopped tells that the holder is gone.
function staleReason(owner: LockOwner | undefined, lastBeat: number): string | undefined {
  const silentFor = Date.now() - lastBeat;
  const silent = silentFor > LOCK_STALE_MS;
  if (!owner) return silent ? 'an unreadable lock without heartbeat' : undefined;
  if (owner.host === os.hostname() && owner.pid !== process.pid) {
    return processIsAlive(owner.pid) ? undefined : `process ${owner.pid} on this host is gone`;
  }
  return silent ? `no heartbeat for ${Math.round(silentFor / 1000)} s` : undefined;
}

function describeOwner(owner: LockOwner | undefined): string {
  if (!owner) return 'by a process whose lock is being written';
  return `by process ${owner.pid} on host ${owner.host}${owner.instance ? `, instance ${owner.instance}` : ''}`;
}

// One writer per data directory. The LOCK file is created exclusively (open 'wx') and names its
// owner: a random instance id, the host name and the pid. The owner touches it every
// LOCK_HEARTBEAT_MS. A lock is taken over only when its owner is provably gone (same host,
// another pid that no longer runs) or its heartbeat stopped for LOCK_STALE_MS; a pid equal to
// ours is not proof, since two containers can both be pid 1. `onLost` runs if the heartbeat finds
// the lock taken by someone else (this process stalled past the stale time).
export function acquireLock(dataDir: string, onLost?: (reason: string) => void): () => void {
  const resolved = path.resolve(dataDir);
  if (heldLocks.has(resolved)) throw new DataDirectoryLockedError(resolved, 'by this process');
  const lockPath = path.join(resolved, LOCK_FILE);
  const me: LockOwner = { instance: crypto.randomUUID(), host: os.hostname(), pid: process.pid };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      try {
        fs.writeSync(fd, `${JSON.stringify({ ...me, acquired_at: new Date().toISOString() })}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fsyncDirectory(resolved);
      heldLocks.add(resolved);
      return holdLock(resolved, lockPath, me, onLost);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string;
    let lastBeat: number;
    try {
      text = fs.readFileSync(lockPath, 'utf8');
      lastBeat = fs.statSync(lockPath).mtimeMs;
    } catch {
      continue;
    }
    const owner = parseOwner(text);
    const reason = staleReason(owner, lastBeat);
    if (!reason) throw new DataDirectoryLockedError(resolved, describeOwner(owner));
    takeOver(lockPath, text, me.instance);
  }
  throw new DataDirectoryLockedError(resolved, 'lock file could not be taken');
}

// Moves a stale lock aside atomically; if what was moved is not the lock judged stale (another
// process took over meanwhile), puts it back.
function takeOver(lockPath: string, staleText: string, instance: string): void {
  const aside = `${lockPath}.stale-${instance}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleText) {
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // A newer lock is in place already.
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function holdLock(resolved: string, lockPath: string, me: LockOwner, onLost?: (reason: string) => void): () => void {
  let released = false;
  const heartbeat = setInterval(() => {
    try {
      const owner = parseOwner(fs.readFileSync(lockPath, 'utf8'));
      if (owner?.instance !== me.instance) throw new Error(`the lock now belongs to ${describeOwner(owner)}`);
      const now = new Date();
      fs.utimesSync(lockPath, now, now);
    } catch (error) {
      clearInterval(heartbeat);
      onLost?.(error instanceof Error ? error.message : String(error));
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldLocks.delete(resolved);
    try {
      if (parseOwner(fs.readFileSync(lockPath, 'utf8'))?.instance === me.instance) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
