import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Crm } from '@crm/sdk';
import { UsageError } from './context';
import { progress } from './progress';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)}`;

// POST /export, then the ZIP from its signed link (valid 10 minutes, no token), with progress.
export async function exportWorkspace(crm: Crm, options: { output?: string; yes: boolean }): Promise<number> {
  const link = await crm.post('/export', {});
  const output = options.output ?? link.file_name;
  if (existsSync(output) && !options.yes)
    throw new UsageError(`${output} exists. Name another file with --output, or pass --yes to replace it.`);
  const response = await fetch(link.url);
  if (!response.ok || !response.body)
    throw new Error(`The export link answered ${response.status}; run \`crm export\` again for a new link.`);
  const bar = progress('Downloading', link.size, 'MB', { format: megabytes });
  let received = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      bar.update(received);
      next(null, chunk);
    },
  });
  const partial = `${output}.part`;
  try {
    await pipeline(Readable.fromWeb(response.body), count, createWriteStream(partial));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    bar.stop();
  }
  if (received !== link.size) {
    rmSync(partial, { force: true });
    throw new Error(`The download ended after ${received} of ${link.size} bytes; run \`crm export\` again.`);
  }
  renameSync(partial, output);
  process.stdout.write(
    `Saved ${output} (${megabytes(link.size)} MB): companies, contacts, deals, activities, tasks, meetings and users as CSV.\n`,
  );
  return 0;
}
