import { parseArgs } from 'node:util';
import type { Connection } from 'mongoose';
import { AppError, connectDatabase, loadConfig, str, syncIndexes, url } from '@crm/kit';
import { registerUserModel } from '../users/user.model';
import { registerWorkspaceModel } from '../workspaces/workspace.model';
import { registerSupportGrantModel, SUPPORT_MODES, type SupportMode } from './support-grant.model';
import {
  grantSupportAccess,
  listSupportGrants,
  MAX_GRANT_HOURS,
  MIN_GRANT_HOURS,
  revokeSupportAccess,
} from './support-grants';

export const USAGE = `Staff support access to a workspace (identity's operator command).

  support-access-cli grant  --workspace <id or slug> --staff <email> --mode read|full --hours <${MIN_GRANT_HOURS}..${MAX_GRANT_HOURS}>
  support-access-cli revoke --workspace <id or slug> --staff <email>
  support-access-cli list   --workspace <id or slug>

Opens identity's database: MONGO_URL when set, otherwise the embedded store in DATA_DIR
(default ./.data), which only one process may open, so stop identity first in embedded mode.
Prints JSON on stdout; errors as {"error":{code,message}} on stderr.
Exit codes: 0 done, 1 unexpected failure, 2 bad usage, 3 not found, 4 database unavailable,
5 refused (the staff account has not verified its email).`;

export const EXIT = { ok: 0, failed: 1, usage: 2, notFound: 3, unavailable: 4, refused: 5 } as const;

const CLI_ENV = {
  DATA_DIR: str({ default: './.data', description: 'embedded data folder (the one identity uses)' }),
  MONGO_URL: url({ protocols: ['mongodb', 'mongodb+srv'], secret: true, description: "identity's MongoDB" }),
};

function cliConfig(env: NodeJS.ProcessEnv) {
  return loadConfig(CLI_ENV, env);
}

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

type Command =
  | { name: 'grant'; workspace: string; staff: string; mode: SupportMode; hours: number }
  | { name: 'revoke'; workspace: string; staff: string }
  | { name: 'list'; workspace: string };

class UsageError extends Error {}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${option} is required`);
  return value.trim();
}

export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) throw new UsageError('give one command: grant, revoke or list');
  const [name] = positionals;
  const workspace = required(values.workspace, 'workspace');
  if (name === 'list') return { name, workspace };
  const staff = required(values.staff, 'staff');
  if (!/^[^\s@]+@[^\s@]+$/.test(staff) || staff.length > 254) throw new UsageError('--staff must be an email address');
  if (name === 'revoke') return { name, workspace, staff };
  if (name !== 'grant') throw new UsageError(`unknown command '${name}': use grant, revoke or list`);
  const mode = required(values.mode, 'mode');
  if (!(SUPPORT_MODES as readonly string[]).includes(mode))
    throw new UsageError(`--mode must be one of ${SUPPORT_MODES.join(', ')}`);
  const hoursText = required(values.hours, 'hours');
  const hours = Number(hoursText);
  if (!/^\d+$/.test(hoursText) || hours < MIN_GRANT_HOURS || hours > MAX_GRANT_HOURS) {
    throw new UsageError(`--hours must be a whole number from ${MIN_GRANT_HOURS} to ${MAX_GRANT_HOURS}`);
  }
  return { name, workspace, staff, mode: mode as SupportMode, hours };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      workspace: { type: 'string' },
      staff: { type: 'string' },
      mode: { type: 'string' },
      hours: { type: 'string' },
    },
  });
}

async function run(connection: Connection, command: Command): Promise<unknown> {
  switch (command.name) {
    case 'grant':
      return {
        grant: await grantSupportAccess(connection, undefined, {
          workspace: command.workspace,
          staffEmail: command.staff,
          mode: command.mode,
          hours: command.hours,
        }),
      };
    case 'revoke':
      return {
        revoked: await revokeSupportAccess(connection, undefined, {
          workspace: command.workspace,
          staffEmail: command.staff,
        }),
      };
    case 'list':
      return { data: await listSupportGrants(connection, command.workspace) };
  }
}

function errorLine(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

// The whole command: arguments, database, the change, JSON out; answers the exit code.
export async function runSupportAccessCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CliOutput,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.stdout(USAGE);
    return EXIT.ok;
  }
  let command: Command;
  let config: ReturnType<typeof cliConfig>;
  try {
    command = parseCommand(argv);
    config = cliConfig(env);
  } catch (error) {
    output.stderr(errorLine('usage', (error as Error).message));
    output.stderr(USAGE);
    return EXIT.usage;
  }

  let connection: Connection;
  try {
    connection = await connectDatabase({ service: 'identity', dataDir: config.DATA_DIR, mongoUrl: config.MONGO_URL });
  } catch (error) {
    output.stderr(errorLine('unavailable', `cannot open identity's database: ${(error as Error).message}`));
    return EXIT.unavailable;
  }
  try {
    registerWorkspaceModel(connection);
    registerUserModel(connection);
    registerSupportGrantModel(connection);
    await syncIndexes(connection);
    output.stdout(JSON.stringify(await run(connection, command), null, 2));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof AppError) {
      output.stderr(errorLine(error.code, error.message));
      if (error.status === 403) return EXIT.refused;
      return error.status === 404 ? EXIT.notFound : error.status === 400 ? EXIT.usage : EXIT.failed;
    }
    output.stderr(errorLine('internal', (error as Error).message));
    return EXIT.failed;
  } finally {
    await connection.close();
  }
}
