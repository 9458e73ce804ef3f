import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

// Files that must survive a power cut once written (uploaded bytes, exports, mail, key files):
// the bytes go to a temporary file beside the target, which is fsynced, then renamed (or linked,
// when the file must not exist yet) into place, and the folder is fsynced so the new name is on
// disk too. A failure at any step removes the temporary file: the target is either absent or
// whole, never partial. Folders the write had to create are made durable the same way.

export interface DurableFileHandle {
  write(chunk: Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

// The file-system calls a durable write makes, injectable so their order can be checked.
export interface DurableFileOperations {
  // Creates the folder and its missing parents; answers the first folder it created, if any.
  makeDirectory(path: string): Promise<string | undefined>;
  // Creates a new file (failing when it exists), readable and writable with `mode`.
  create(path: string, mode: number): Promise<DurableFileHandle>;
  rename(from: string, to: string): Promise<void>;
  // A second name for `from`; fails with EEXIST when `to` exists.
  link(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  syncDirectory(path: string): Promise<void>;
}

export interface DurableFileHandleSync {
  write(chunk: Uint8Array): void;
  sync(): void;
  close(): void;
}

export interface DurableFileOperationsSync {
  makeDirectory(path: string): string | undefined;
  create(path: string, mode: number): DurableFileHandleSync;
  rename(from: string, to: string): void;
  link(from: string, to: string): void;
  remove(path: string): void;
  syncDirectory(path: string): void;
}

export interface DurableWriteOptions {
  // Permission bits of the new file (default 0o644; key files use 0o600).
  mode?: number;
  // Fail with EEXIST instead of replacing a file already there (two processes making the same
  // key file: the second keeps the first one's key).
  exclusive?: boolean;
}

// Content: bytes, text, or a producer that appends chunks (awaiting each, so a stream's
// back-pressure reaches the file) and rejects to abandon the write.
export type DurableContent = Uint8Array | string | ((append: (chunk: Uint8Array) => Promise<void>) => Promise<void>);

// Some platforms (Windows) cannot open or fsync a folder; nothing more can be done there.
const DIRECTORY_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EBADF']);

function directorySyncUnsupported(error: unknown): boolean {
  return DIRECTORY_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '');
}

export const nodeDurableFileOperations: DurableFileOperations = {
  makeDirectory: (path) => fs.promises.mkdir(path, { recursive: true }),
  create: async (path, mode) => {
    const handle = await fs.promises.open(path, 'wx', mode);
    return {
      write: async (chunk) => {
        for (let offset = 0; offset < chunk.length;)
          offset += (await handle.write(chunk, offset, chunk.length - offset)).bytesWritten;
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  rename: (from, to) => fs.promises.rename(from, to),
  link: (from, to) => fs.promises.link(from, to),
  remove: (path) => fs.promises.rm(path, { force: true }),
  syncDirectory: async (path) => {
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(path, 'r');
      await handle.sync();
    } catch (error) {
      if (!directorySyncUnsupported(error)) throw error;
    } finally {
      await handle?.close();
    }
  },
};

export const nodeDurableFileOperationsSync: DurableFileOperationsSync = {
  makeDirectory: (path) => fs.mkdirSync(path, { recursive: true }),
  create: (path, mode) => {
    const fd = fs.openSync(path, 'wx', mode);
    return {
      write: (chunk) => {
        for (let offset = 0; offset < chunk.length;) offset += fs.writeSync(fd, chunk, offset, chunk.length - offset);
      },
      sync: () => fs.fsyncSync(fd),
      close: () => fs.closeSync(fd),
    };
  },
  rename: (from, to) => fs.renameSync(from, to),
  link: (from, to) => fs.linkSync(from, to),
  remove: (path) => fs.rmSync(path, { force: true }),
  syncDirectory: (path) => {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path, 'r');
      fs.fsyncSync(fd);
    } catch (error) {
      if (!directorySyncUnsupported(error)) throw error;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  },
};

// The folders whose entries name folders `makeDirectory` just created: the parent of each one.
function parentsOfCreated(folder: string, created: string | undefined): string[] {
  if (created === undefined) return [];
  const parents: string[] = [];
  const first = resolve(created);
  for (let current = folder; ; current = dirname(current)) {
    parents.push(dirname(current));
    if (current === first || dirname(current) === current) return parents;
  }
}

function temporaryPathOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.part`);
}

function bytesOf(content: Uint8Array | string): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

export async function writeFileDurably(
  path: string,
  content: DurableContent,
  options: DurableWriteOptions = {},
  operations: DurableFileOperations = nodeDurableFileOperations,
): Promise<void> {
  const target = resolve(path);
  const folder = dirname(target);
  for (const parent of parentsOfCreated(folder, await operations.makeDirectory(folder)))
    await operations.syncDirectory(parent);
  const temporary = temporaryPathOf(target);
  const handle = await operations.create(temporary, options.mode ?? 0o644);
  try {
    try {
      if (typeof content === 'function') await content((chunk) => handle.write(chunk));
      else await handle.write(bytesOf(content));
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) {
      await operations.link(temporary, target);
      await operations.remove(temporary);
    } else {
      await operations.rename(temporary, target);
    }
  } catch (error) {
    await operations.remove(temporary).catch(() => undefined);
    throw error;
  }
  await operations.syncDirectory(folder);
}

// The same for code that runs before anything is served (key files made at start).
export function writeFileDurablySync(
  path: string,
  content: Uint8Array | string,
  options: DurableWriteOptions = {},
  operations: DurableFileOperationsSync = nodeDurableFileOperationsSync,
): void {
  const target = resolve(path);
  const folder = dirname(target);
  for (const parent of parentsOfCreated(folder, operations.makeDirectory(folder))) operations.syncDirectory(parent);
  const temporary = temporaryPathOf(target);
  const handle = operations.create(temporary, options.mode ?? 0o644);
  try {
    try {
      handle.write(bytesOf(content));
      handle.sync();
    } finally {
      handle.close();
    }
    if (options.exclusive) {
      operations.link(temporary, target);
      operations.remove(temporary);
    } else {
      operations.rename(temporary, target);
    }
  } catch (error) {
    try {
      operations.remove(temporary);
    } catch {
      // The first failure is the one to report.
    }
    throw error;
  }
  operations.syncDirectory(folder);
}

// Removes a file and makes the removal durable (an erased file must not come back after a
// power cut). Nothing to remove is not an error.
export async function removeFileDurably(
  path: string,
  operations: DurableFileOperations = nodeDurableFileOperations,
): Promise<void> {
  const target = resolve(path);
  await operations.remove(target);
  await operations.syncDirectory(dirname(target));
}

// A random key kept in a file (embedded defaults, where no key is configured): read when the file
// exists, otherwise made, written durably and owner-only. When two processes make it at once the
// one that loses the race reads the winner's key, so both seal with the same key.
export function keyFromFile(path: string, bytes = 32): Buffer {
  const read = (): Buffer => {
    const key = Buffer.from(fs.readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length !== bytes) throw new Error(`${path} does not hold a ${bytes}-byte base64 key`);
    return key;
  };
  if (fs.existsSync(path)) return read();
  const key = randomBytes(bytes);
  try {
    writeFileDurablySync(path, key.toString('base64'), { mode: 0o600, exclusive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}

// The key a service seals its secrets with: the configured one, else (embedded defaults, where
// none is configured) one made on first start and kept in `file` under the data folder, so what
// it sealed stays readable across restarts.
export function keyBesideData(configured: Buffer | null | undefined, dataDir: string, file: string): Buffer {
  return configured ?? keyFromFile(join(dataDir, file));
}
