import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const CRM_BIN = join(__dirname, '..', '..', 'clients', 'cli', 'bin', 'crm.js');

export interface CliRun {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  // The exit code (null when killed by a signal).
  exit: Promise<number | null>;
}

// The built `crm` command (clients/cli/dist) in a child process, as a user runs it.
export function crm(args: string[], env: Record<string, string | undefined>, input?: string): CliRun {
  const child = spawn(process.execPath, [CRM_BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: env.HOME ?? process.env.HOME, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const run = { child, stdout: '', stderr: '' } as CliRun;
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
  child.stdin.end(input ?? '');
  run.exit = new Promise((resolve) => child.once('close', (code) => resolve(code)));
  return run;
}

export async function crmDone(args: string[], env: Record<string, string | undefined>, input?: string) {
  const run = crm(args, env, input);
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}
