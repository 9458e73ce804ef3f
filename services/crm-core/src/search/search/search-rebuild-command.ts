import { parseArgs } from 'node:util';
import type { Connection } from 'mongoose';
import { AppError, connectDatabase, isUuid, loadConfig, str, syncIndexes, url } from '@crm/kit';
import { registerCompanyModel } from '../../records/companies/company.model';
import { registerContactModel } from '../../records/contacts/contact.model';
import { SEARCH_ENV, searchIndexFromEnv } from './search-config';
import { registerSearchDocumentModel } from './search-document.model';
import { rebuildSearch } from './search-projection';

export const USAGE = `Rebuilds crm-core's search from scratch (its operator command).

  search-rebuild-cli [--workspace <id>]

The search projection (search_documents) is dropped and replayed from the stored companies and
contacts (tombstones of purged records are kept), then the index is emptied and filled from it:
every workspace, or the one given.
Opens crm-core's database: MONGO_URL when set, otherwise the embedded store in DATA_DIR
(default ./.data), which only one process may open, so stop crm-core (or npm start) first in
embedded mode. With MEILI_URL (and MEILI_KEY) the Meilisearch indexes are refilled; without it
the embedded index is loaded from the rebuilt projection when crm-core next starts.
Prints JSON on stdout; errors as {"error":{code,message}} on stderr.
Exit codes: 0 done, 1 unexpected failure, 2 bad usage, 4 database or index unavailable.`;

export const EXIT = { ok: 0, failed: 1, usage: 2, unavailable: 4 } as const;

const CLI_ENV = {
  DATA_DIR: str({ default: './.data', description: 'embedded data folder (the one crm-core uses)' }),
  MONGO_URL: url({ protocols: ['mongodb', 'mongodb+srv'], secret: true, description: "crm-core's MongoDB" }),
  ...SEARCH_ENV,
};

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const errorLine = (code: string, message: string) => JSON.stringify({ error: { code, message } });

export function parseCommand(argv: readonly string[]): { workspace?: string } {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { workspace: { type: 'string' } },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}'`);
  if (values.workspace !== undefined && !isUuid(values.workspace))
    throw new Error('--workspace must be a workspace id (a UUID)');
  return { workspace: values.workspace?.toLowerCase() };
}

export async function runSearchRebuildCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CliOutput,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.stdout(USAGE);
    return EXIT.ok;
  }
  let command: { workspace?: string };
  let config: ReturnType<typeof loadConfig<typeof CLI_ENV>>;
  try {
    command = parseCommand(argv);
    config = loadConfig(CLI_ENV, env);
  } catch (error) {
    output.stderr(errorLine('usage', (error as Error).message));
    output.stderr(USAGE);
    return EXIT.usage;
  }
  let connection: Connection;
  try {
    connection = await connectDatabase({ service: 'crm-core', dataDir: config.DATA_DIR, mongoUrl: config.MONGO_URL });
  } catch (error) {
    output.stderr(errorLine('unavailable', `cannot open crm-core's database: ${(error as Error).message}`));
    return EXIT.unavailable;
  }
  const index = searchIndexFromEnv(env);
  try {
    registerCompanyModel(connection);
    registerContactModel(connection);
    registerSearchDocumentModel(connection);
    await syncIndexes(connection);
    await index.prepare();
    const result = await rebuildSearch(connection, index, command.workspace);
    output.stdout(JSON.stringify({ index: index.kind, workspace: command.workspace ?? null, ...result }, null, 2));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof AppError) {
      output.stderr(errorLine(error.code, error.message));
      return error.status === 503 ? EXIT.unavailable : EXIT.failed;
    }
    output.stderr(errorLine('internal', (error as Error).message));
    return EXIT.failed;
  } finally {
    await index.close();
    await connection.close();
  }
}
