import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// Where `crm login` keeps the token: the user's config folder, as each platform names it
// ($XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS, %APPDATA% on
// Windows), or CRM_CONFIG_DIR.
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CRM_CONFIG_DIR) return env.CRM_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'crm');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'crm');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'crm');
}

export interface Credentials {
  base_url: string;
  token: string;
}

export const credentialsFile = (env: NodeJS.ProcessEnv = process.env) => join(configDir(env), 'credentials.json');

export function readCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const file = credentialsFile(env);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>;
    if (typeof parsed.base_url === 'string' && typeof parsed.token === 'string')
      return { base_url: parsed.base_url, token: parsed.token };
  } catch {
    // Unreadable: treated as signed out; `crm login` writes it again.
  }
  return undefined;
}

// Readable and writable by the user only (0600, in a 0700 folder): the token is a password.
export function writeCredentials(credentials: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = credentialsFile(env);
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write: set it again.
  chmodSync(file, 0o600);
  return file;
}

export function removeCredentials(env: NodeJS.ProcessEnv = process.env): boolean {
  const file = credentialsFile(env);
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}
