import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// Every file under a system's data directory that holds one of the values (ASCII, in any case:
// a file name or a normalised email keeps a person in lower case), as `file: value`.
export function dataFilesHolding(dataDir: string, values: readonly string[]): string[] {
  const hits: string[] = [];
  for (const file of filesUnder(dataDir)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      // Replaced between listing and reading (a snapshot renamed into place): read next time.
      continue;
    }
    const text = bytes.toString('latin1').toLowerCase();
    for (const value of values)
      if (text.includes(value.toLowerCase())) hits.push(`${relative(dataDir, file)}: ${value}`);
  }
  return hits;
}

// Every file under a system's data directory whose whole content is these bytes (a blob as the
// blob store keeps it), by its path under the directory.
export function dataFilesEqualTo(dataDir: string, bytes: Buffer): string[] {
  return filesUnder(dataDir)
    .filter((file) => {
      try {
        return statSync(file).size === bytes.length && readFileSync(file).equals(bytes);
      } catch {
        // Removed between listing and reading.
        return false;
      }
    })
    .map((file) => relative(dataDir, file));
}
