import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import {
  keyFromFile,
  nodeDurableFileOperations,
  nodeDurableFileOperationsSync,
  removeFileDurably,
  writeFileDurably,
  writeFileDurablySync,
  type DurableFileOperations,
  type DurableFileOperationsSync,
} from '../durable-file';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'crm-durable-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// The real operations, each call written down (paths relative to the test folder, temporary
// files as `<tmp>`) and optionally failing at one step.
function recorded(failAt?: string): { operations: DurableFileOperations; calls: string[] } {
  const calls: string[] = [];
  const name = (path: string) => {
    const relative = path.slice(root.length) || '/';
    return basename(path).endsWith('.part') ? `${dirname(relative)}/<tmp>`.replace('//', '/') : relative;
  };
  const step = async <T>(call: string, run: () => Promise<T>): Promise<T> => {
    calls.push(call);
    if (failAt === call) throw Object.assign(new Error(`${call} failed`), { code: 'EIO' });
    return run();
  };
  const real = nodeDurableFileOperations;
  const operations: DurableFileOperations = {
    makeDirectory: (path) => step(`mkdir ${name(path)}`, () => real.makeDirectory(path)),
    create: async (path, mode) => {
      const handle = await step(`create ${name(path)}`, () => real.create(path, mode));
      return {
        write: (chunk) => step('write', () => handle.write(chunk)),
        sync: () => step('fsync file', () => handle.sync()),
        close: () => step('close', () => handle.close()),
      };
    },
    rename: (from, to) => step(`rename ${name(from)} ${name(to)}`, () => real.rename(from, to)),
    link: (from, to) => step(`link ${name(from)} ${name(to)}`, () => real.link(from, to)),
    remove: (path) => step(`remove ${name(path)}`, () => real.remove(path)),
    syncDirectory: (path) => step(`fsync dir ${name(path)}`, () => real.syncDirectory(path)),
  };
  return { operations, calls };
}

describe('writeFileDurably', () => {
  it('fsyncs the file before renaming it into place, then fsyncs the folder; new folders are made durable first', async () => {
    const { operations, calls } = recorded();
    await writeFileDurably(join(root, 'a', 'b', 'file.bin'), 'hello', {}, operations);
    expect(calls).toEqual([
      'mkdir /a/b',
      'fsync dir /a',
      'fsync dir /',
      'create /a/b/<tmp>',
      'write',
      'fsync file',
      'close',
      'rename /a/b/<tmp> /a/b/file.bin',
      'fsync dir /a/b',
    ]);
    expect(readFileSync(join(root, 'a', 'b', 'file.bin'), 'utf8')).toBe('hello');
    expect(readdirSync(join(root, 'a', 'b'))).toEqual(['file.bin']);

    calls.length = 0;
    await writeFileDurably(join(root, 'a', 'b', 'file.bin'), 'again', {}, operations);
    // The folder exists now: nothing above it is synced again.
    expect(calls[0]).toBe('mkdir /a/b');
    expect(calls[1]).toBe('create /a/b/<tmp>');
  });

  it('writes a producer’s chunks in order and leaves nothing visible when it fails mid-way', async () => {
    const target = join(root, 'stream.bin');
    await writeFileDurably(target, async (append) => {
      await append(Buffer.from('one,'));
      await append(Buffer.from('two'));
    });
    expect(readFileSync(target, 'utf8')).toBe('one,two');

    const { operations, calls } = recorded();
    const failing = writeFileDurably(
      target,
      async (append) => {
        await append(Buffer.from('half of a new '));
        throw new Error('the client went away');
      },
      {},
      operations,
    );
    await expect(failing).rejects.toThrow('the client went away');
    expect(calls).not.toContain('rename /<tmp> /stream.bin');
    expect(calls).toContain('remove /<tmp>');
    // The old bytes stay whole and no temporary file is left.
    expect(readFileSync(target, 'utf8')).toBe('one,two');
    expect(readdirSync(root)).toEqual(['stream.bin']);
  });

  it.each(['fsync file', 'rename /<tmp> /new.bin'])('leaves no file when %s fails', async (step) => {
    const { operations } = recorded(step);
    await expect(writeFileDurably(join(root, 'new.bin'), 'bytes', {}, operations)).rejects.toThrow(`${step} failed`);
    expect(readdirSync(root)).toEqual([]);
  });

  it('exclusive: links instead of renaming and keeps a file already there', async () => {
    const { operations, calls } = recorded();
    const target = join(root, 'secret.key');
    await writeFileDurably(target, 'first', { exclusive: true, mode: 0o600 }, operations);
    expect(calls.slice(-4)).toEqual(['close', 'link /<tmp> /secret.key', 'remove /<tmp>', 'fsync dir /']);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    await expect(writeFileDurably(target, 'second', { exclusive: true }, operations)).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(readFileSync(target, 'utf8')).toBe('first');
    expect(readdirSync(root)).toEqual(['secret.key']);
  });

  it('removeFileDurably fsyncs the folder after removing', async () => {
    const { operations, calls } = recorded();
    writeFileSync(join(root, 'gone.bin'), 'x');
    await removeFileDurably(join(root, 'gone.bin'), operations);
    await removeFileDurably(join(root, 'never-there.bin'), operations);
    expect(calls).toEqual(['remove /gone.bin', 'fsync dir /', 'remove /never-there.bin', 'fsync dir /']);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('writeFileDurablySync', () => {
  function recordedSync(failAt?: string): { operations: DurableFileOperationsSync; calls: string[] } {
    const calls: string[] = [];
    const step = <T>(call: string, run: () => T): T => {
      calls.push(call);
      if (failAt === call) throw new Error(`${call} failed`);
      return run();
    };
    const real = nodeDurableFileOperationsSync;
    return {
      calls,
      operations: {
        makeDirectory: (path) => step('mkdir', () => real.makeDirectory(path)),
        create: (path, mode) => {
          const handle = step('create', () => real.create(path, mode));
          return {
            write: (chunk) => step('write', () => handle.write(chunk)),
            sync: () => step('fsync file', () => handle.sync()),
            close: () => step('close', () => handle.close()),
          };
        },
        rename: (from, to) => step('rename', () => real.rename(from, to)),
        link: (from, to) => step('link', () => real.link(from, to)),
        remove: (path) => step('remove', () => real.remove(path)),
        syncDirectory: (path) =>
          step(`fsync dir ${path === root ? '/' : path.slice(root.length)}`, () => real.syncDirectory(path)),
      },
    };
  }

  it('has the same order: fsync file, rename, fsync folder', () => {
    const { operations, calls } = recordedSync();
    writeFileDurablySync(join(root, 'k', 'file'), 'text', {}, operations);
    expect(calls).toEqual(['mkdir', 'fsync dir /', 'create', 'write', 'fsync file', 'close', 'rename', 'fsync dir /k']);
    expect(readFileSync(join(root, 'k', 'file'), 'utf8')).toBe('text');
  });

  it('leaves no file when the fsync fails', () => {
    const { operations } = recordedSync('fsync file');
    expect(() => writeFileDurablySync(join(root, 'file'), 'text', {}, operations)).toThrow('fsync file failed');
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('keyFromFile', () => {
  it('makes an owner-only key once and reads the same key afterwards', () => {
    const file = join(root, 'service', 'secret.key');
    const key = keyFromFile(file);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keyFromFile(file).equals(key)).toBe(true);
    expect(readdirSync(join(root, 'service'))).toEqual(['secret.key']);
  });

  it('refuses a file that does not hold a key of the expected size', () => {
    const file = join(root, 'short.key');
    writeFileSync(file, Buffer.alloc(8).toString('base64'));
    expect(() => keyFromFile(file)).toThrow('does not hold a 32-byte base64 key');
  });
});
