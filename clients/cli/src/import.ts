import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Body, Crm, Data } from '@crm/sdk';
import { UsageError } from './context';
import { mapColumns, readMapFile, toRow, type ColumnMapping } from './mapping';
import { progress } from './progress';

type ImportResult = Data<'/import/companies', 'post'>;
type RowError = ImportResult['errors'][number];
type ImportRow = Body<'/import/companies', 'post'>['rows'][number];
export const DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
export const MAX_BATCH = 10_000;
export const DEFAULT_BATCH = 5_000;

export interface ImportOptions {
  map?: string;
  duplicates: DuplicateMode;
  batchSize: number;
  dryRun: boolean;
  yes: boolean;
  failures?: string;
}

interface CsvFile {
  header: string[];
  records: string[][];
  // Line of the file where each record starts (1 is the header).
  lines: number[];
  digest: string;
}

function readCsv(file: string): CsvFile {
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const content = readFileSync(file);
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as unknown as typeof parsed;
  } catch (error) {
    throw new UsageError(`${file} is not a CSV file this command can read: ${(error as Error).message}`);
  }
  if (parsed.length === 0) throw new UsageError(`${file} is empty: the first line must name the columns.`);
  // A record starts on the line after the previous one ended.
  const lines: number[] = [];
  for (let i = 1; i < parsed.length; i += 1) lines.push(parsed[i - 1].info.lines + 1);
  return {
    header: parsed[0].record,
    records: parsed.slice(1).map((entry) => entry.record),
    lines,
    digest: createHash('sha256').update(content).digest('hex'),
  };
}

// What a run keeps beside the CSV file so that running the same command again resumes: the
// answer of each batch already imported. The batch's Idempotency-Key is derived from the file,
// the mapping and the options, so a batch whose answer was lost is answered again by the server
// instead of imported twice.
interface State {
  version: 1;
  run: string;
  // What the run was asked: told back when the same file is imported again with other options.
  file: string;
  options: string;
  batches: Record<string, ImportResult>;
}

export const stateFile = (file: string) => `${file}.crm-import.json`;

function readState(file: string, fresh: State): State {
  const path = stateFile(file);
  let state: State | undefined;
  try {
    if (existsSync(path)) state = JSON.parse(readFileSync(path, 'utf8')) as State;
  } catch {
    // Unreadable: start afresh (the batches' keys still stop duplicates for 24 hours).
  }
  if (state?.version !== 1 || state.file !== fresh.file || state.run === fresh.run)
    return state?.run === fresh.run ? state : fresh;
  throw new UsageError(
    `An earlier import of this file with other options (${state.options}) did not finish. Run it again with those options to resume, ` +
      `or delete ${path} to start afresh (rows already imported then count as duplicates: --duplicates skip leaves them alone).`,
  );
}

function saveState(file: string, state: State): void {
  const path = stateFile(file);
  writeFileSync(`${path}.tmp`, JSON.stringify(state));
  renameSync(`${path}.tmp`, path);
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

const plural = (n: number, word: string, words = `${word}s`) => `${n.toLocaleString('en')} ${n === 1 ? word : words}`;

function columnOf(error: RowError, mapping: ColumnMapping, header: string[]): string {
  if (error.field === null) return '(whole row)';
  // The field itself, or the object it belongs to (`address` for `address.postcode`).
  const index = mapping.columns.findIndex(
    (field) =>
      field &&
      (field.path === error.field ||
        field.path.startsWith(`${error.field}.`) ||
        error.field!.startsWith(`${field.path}.`)),
  );
  return index >= 0 ? `"${header[index]}" (${error.field})` : error.field;
}

function printErrors(
  errors: Array<RowError & { row: number }>,
  csv: CsvFile,
  mapping: ColumnMapping,
  limit = 20,
): void {
  for (const error of errors.slice(0, limit)) {
    process.stdout.write(
      `  row ${error.row} (line ${csv.lines[error.row - 1]}), column ${columnOf(error, mapping, csv.header)}: ${error.message}\n`,
    );
  }
  if (errors.length > limit)
    process.stdout.write(
      `  … and ${plural(errors.length - limit, 'more row')} (all of them in the failures file after the import)\n`,
    );
}

export async function importCompanies(crm: Crm, file: string, options: ImportOptions): Promise<number> {
  if (!Number.isInteger(options.batchSize) || options.batchSize < 1 || options.batchSize > MAX_BATCH) {
    throw new UsageError(
      `--batch-size must be a whole number from 1 to ${MAX_BATCH.toLocaleString('en')} (the API's limit per request).`,
    );
  }
  if (!DUPLICATE_MODES.includes(options.duplicates))
    throw new UsageError(`--duplicates must be one of ${DUPLICATE_MODES.join(', ')}.`);
  const csv = readCsv(file);
  const mapping = mapColumns(csv.header, options.map ? readMapFile(options.map) : {});
  // As the file has them: the API checks each row (the dry run below) and reports what is wrong
  // with it by row and field, which is what the user needs to see, rather than refusing here.
  const rows = csv.records.map((record) => toRow(record, mapping)) as ImportRow[];
  if (rows.length === 0) throw new UsageError(`${file} has a header and no rows: nothing to import.`);
  process.stdout.write(
    `${basename(file)}: ${plural(rows.length, 'row')}; columns: ${mapping.columns
      .map((field, i) => (field ? `${csv.header[i]} → ${field.path}` : undefined))
      .filter(Boolean)
      .join(', ')}\n`,
  );
  if (mapping.ignored.length > 0)
    process.stdout.write(`Ignored columns (map them with --map): ${mapping.ignored.join(', ')}\n`);

  const run = createHash('sha256')
    .update(JSON.stringify([csv.digest, mapping.columns, options.duplicates, options.batchSize]))
    .digest('hex')
    .slice(0, 32);
  const asked = `--batch-size ${options.batchSize} --duplicates ${options.duplicates}${options.map ? ` --map ${options.map}` : ''}`;
  const state = readState(file, { version: 1, run, file: csv.digest, options: asked, batches: {} });
  const batches = Math.ceil(rows.length / options.batchSize);
  const batchRows = (batch: number) => rows.slice(batch * options.batchSize, (batch + 1) * options.batchSize);
  const pending = [...Array(batches).keys()].filter((batch) => !state.batches[batch]);
  if (pending.length < batches)
    process.stdout.write(
      `Resuming: ${plural(batches - pending.length, 'batch', 'batches')} of ${batches} already imported by an earlier run.\n`,
    );

  // The dry run: what the import would do, by row and column, before anything is written.
  const dryErrors: Array<RowError & { row: number }> = [];
  for (let start = 0; start < pending.length;) {
    // Dry runs write nothing: as many rows a request as the API takes.
    const group: number[] = [];
    let size = 0;
    while (start < pending.length && size + batchRows(pending[start]).length <= MAX_BATCH) {
      size += batchRows(pending[start]).length;
      group.push(pending[start]);
      start += 1;
    }
    const offsets: number[] = [];
    const sent = group.flatMap((batch) => {
      const part = batchRows(batch);
      offsets.push(...part.map((_, i) => batch * options.batchSize + i));
      return part;
    });
    const answer = await crm.companies.import({ rows: sent, duplicates: options.duplicates, dry_run: true });
    for (const error of answer.errors) dryErrors.push({ ...error, row: offsets[error.index] + 1 });
  }
  if (dryErrors.length > 0) {
    process.stdout.write(`Dry run: ${plural(dryErrors.length, 'row')} would be refused:\n`);
    printErrors(dryErrors, csv, mapping);
  } else process.stdout.write(`Dry run: every row can be imported.\n`);
  if (options.dryRun) return dryErrors.length > 0 ? 1 : 0;
  if (dryErrors.length > 0 && !options.yes) {
    const go = await confirm(`Import the other ${plural(rows.length - dryErrors.length, 'row')} and leave these out?`);
    if (!go) {
      process.stdout.write(`Nothing imported. Fix the rows above, or run again with --yes to import the others.\n`);
      return 1;
    }
  }

  const done = () => Object.keys(state.batches).reduce((sum, batch) => sum + batchRows(Number(batch)).length, 0);
  const bar = progress('Importing', rows.length, 'rows', { initial: done(), format: (n) => n.toLocaleString('en') });
  let interrupted: Error | undefined;
  for (const batch of pending) {
    try {
      state.batches[batch] = await crm.companies.import(
        { rows: batchRows(batch), duplicates: options.duplicates },
        { idempotencyKey: `crm-cli-import-${run}-${batch}` },
      );
    } catch (error) {
      interrupted = error as Error;
      break;
    }
    saveState(file, state);
    bar.update(done());
  }
  bar.stop();
  if (interrupted) {
    const imported = done();
    process.stderr.write(
      `Import stopped after ${plural(imported, 'row')} of ${rows.length.toLocaleString('en')}: ${interrupted.message}\n` +
        `Run the same command again to resume: the batches already imported are not sent again (progress is kept in ${stateFile(file)}).\n`,
    );
    return 1;
  }

  const summary = { created: 0, updated: 0, skipped: 0, contacts: 0 };
  const failed: Array<RowError & { row: number }> = [];
  for (let batch = 0; batch < batches; batch += 1) {
    const result = state.batches[batch];
    summary.created += result.created;
    summary.updated += result.updated;
    summary.skipped += result.skipped;
    summary.contacts += result.contacts;
    for (const error of result.errors) failed.push({ ...error, row: batch * options.batchSize + error.index + 1 });
  }
  process.stdout.write(
    `Imported ${basename(file)}: ${summary.created.toLocaleString('en')} created, ${summary.updated.toLocaleString('en')} updated, ${summary.skipped.toLocaleString('en')} skipped, ${failed.length.toLocaleString('en')} failed (${plural(summary.contacts, 'contact')} created or updated).\n`,
  );
  const failuresFile = options.failures ?? file.replace(/(\.csv)?$/i, '.failures.csv');
  if (failed.length > 0) {
    const lines = failed.map((error) => [
      error.row,
      csv.lines[error.row - 1],
      columnOf(error, mapping, csv.header).replace(/^"([^"]*)".*$/, '$1'),
      error.message,
      ...csv.records[error.row - 1],
    ]);
    writeFileSync(
      failuresFile,
      stringify([['row', 'line', 'column', 'error', ...csv.header], ...lines], { bom: true }),
    );
    process.stdout.write(`Failed rows, with the reason and the original columns: ${failuresFile}\n`);
  } else rmSync(failuresFile, { force: true });
  rmSync(stateFile(file), { force: true });
  return failed.length > 0 ? 1 : 0;
}
