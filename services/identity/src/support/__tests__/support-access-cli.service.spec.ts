import { registerServiceModels } from '@crm/service-host';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboxModel, storedEvent } from '@crm/bus';
import { connectDatabase, isoNow, newId } from '@crm/kit';
import { identityService } from '../../identity-service';
import { startIdentity } from '../../__tests__/identity-harness';
import { userModel } from '../../users/user.model';
import { DEFAULT_WORKSPACE_SETTINGS, workspaceModel } from '../../workspaces/workspace.model';
import { EXIT, parseCommand, runSupportAccessCli } from '../support-access-command';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json(): any;
  error(): { code: string; message: string };
}

async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSupportAccessCli(argv, env, {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
  });
  const stdout = out.join('\n');
  const stderr = err.join('\n');
  return { code, stdout, stderr, json: () => JSON.parse(stdout), error: () => JSON.parse(err[0]).error };
}

describe('parseCommand', () => {
  it('reads the three commands', () => {
    expect(
      parseCommand(['grant', '--workspace', 'acme', '--staff', 'sue@crm.test', '--mode', 'read', '--hours', '8']),
    ).toEqual({
      name: 'grant',
      workspace: 'acme',
      staff: 'sue@crm.test',
      mode: 'read',
      hours: 8,
    });
    expect(parseCommand(['revoke', '--workspace=acme', '--staff=sue@crm.test'])).toEqual({
      name: 'revoke',
      workspace: 'acme',
      staff: 'sue@crm.test',
    });
    expect(parseCommand(['list', '--workspace', 'acme'])).toEqual({ name: 'list', workspace: 'acme' });
  });

  it.each([
    [[], 'one command'],
    [['grant', 'revoke', '--workspace', 'a'], 'one command'],
    [['delete', '--workspace', 'a', '--staff', 'a@b.c'], "unknown command 'delete'"],
    [['list'], '--workspace is required'],
    [['revoke', '--workspace', 'a'], '--staff is required'],
    [['revoke', '--workspace', 'a', '--staff', 'not-an-email'], '--staff must be an email address'],
    [['grant', '--workspace', 'a', '--staff', 'a@b.c', '--hours', '1'], '--mode is required'],
    [
      ['grant', '--workspace', 'a', '--staff', 'a@b.c', '--mode', 'write', '--hours', '1'],
      '--mode must be one of read, full',
    ],
    [['grant', '--workspace', 'a', '--staff', 'a@b.c', '--mode', 'read'], '--hours is required'],
    [
      ['grant', '--workspace', 'a', '--staff', 'a@b.c', '--mode', 'read', '--hours', '0'],
      '--hours must be a whole number from 1 to 168',
    ],
    [['grant', '--workspace', 'a', '--staff', 'a@b.c', '--mode', 'read', '--hours', '169'], '--hours'],
    [['grant', '--workspace', 'a', '--staff', 'a@b.c', '--mode', 'read', '--hours', '2.5'], '--hours'],
    [['list', '--workspace', 'a', '--force'], "Unknown option '--force'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe('support-access-cli against a stopped identity database', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const workspaceId = newId();
  const staffEmail = 'sue.staff@crm.test';
  const unverifiedEmail = 'una.unverified@crm.test';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crm-support-cli-'));
    env = { DATA_DIR: dataDir };
    // The records a running identity would have made: a workspace and the staff person's account.
    const connection = await connectDatabase({ service: 'identity', dataDir });
    registerServiceModels(identityService, connection);
    const now = isoNow();
    await workspaceModel(connection).create({
      _id: workspaceId,
      slug: 'helped-ltd',
      name: 'Helped Ltd',
      plan: 'standard',
      complimentary_until: null,
      billing_set_up: false,
      settings: DEFAULT_WORKSPACE_SETTINGS,
      created_by: newId(),
      created_at: now,
      updated_at: now,
    });
    const account = (email: string, name: string, verifiedAt: string | null) => ({
      _id: newId(),
      email,
      name,
      password_hash: 'scrypt$10$8$1$not-a-real-hash-at-all$not-a-real-key-at-all',
      email_verified_at: verifiedAt,
      avatar: null,
      email_notifications: true,
      workspace_ids: [],
      last_workspace_id: null,
      created_at: now,
      updated_at: now,
    });
    // The second never followed the verification link mailed to it.
    await userModel(connection).create([
      account(staffEmail, 'Sue Staff', now),
      account(unverifiedEmail, 'Una Unverified', null),
    ]);
    await connection.close();
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants, lists and revokes, printing JSON, and writes the events for the service to publish', async () => {
    const granted = await cli(
      ['grant', '--workspace', 'helped-ltd', '--staff', 'Sue.Staff@CRM.test', '--mode', 'read', '--hours', '2'],
      env,
    );
    expect(granted.code).toBe(EXIT.ok);
    const grant = granted.json().grant;
    expect(grant).toMatchObject({
      workspace_id: workspaceId,
      workspace_slug: 'helped-ltd',
      staff_email: staffEmail,
      mode: 'read',
      status: 'active',
      revoked_at: null,
    });
    const hours = (Date.parse(grant.expires_at) - Date.parse(grant.granted_at)) / 3600_000;
    expect(hours).toBe(2);

    const listed = await cli(['list', '--workspace', workspaceId], env);
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.json().data).toEqual([grant]);

    const revoked = await cli(['revoke', '--workspace', 'helped-ltd', '--staff', staffEmail], env);
    expect(revoked.code).toBe(EXIT.ok);
    expect(revoked.json().revoked).toEqual([{ ...grant, status: 'revoked', revoked_at: expect.any(String) }]);

    const again = await cli(['revoke', '--workspace', 'helped-ltd', '--staff', staffEmail], env);
    expect(again.code).toBe(EXIT.notFound);
    expect(again.error().code).toBe('not_found');

    const connection = await connectDatabase({ service: 'identity', dataDir });
    try {
      const rows = await outboxModel(connection).find({}).sort({ created_at: 1, _id: 1 }).lean().exec();
      const kept = rows.map((row) => ({ event: storedEvent(row), status: row.status }));
      expect(kept.map(({ event, status }) => [event.type, event.actor?.type, status])).toEqual([
        ['identity.support_access.granted', 'system', 'pending'],
        ['identity.support_access.revoked', 'system', 'pending'],
      ]);
    } finally {
      await connection.close();
    }
  });

  it('answers 3 for an unknown workspace or account, 5 for an unverified account, 2 for bad usage, with a JSON error', async () => {
    const unknownWorkspace = await cli(
      ['grant', '--workspace', 'nowhere', '--staff', staffEmail, '--mode', 'full', '--hours', '1'],
      env,
    );
    expect(unknownWorkspace.code).toBe(EXIT.notFound);
    expect(unknownWorkspace.error()).toEqual({ code: 'not_found', message: "workspace 'nowhere' not found" });

    const unknownStaff = await cli(
      ['grant', '--workspace', 'helped-ltd', '--staff', 'who@crm.test', '--mode', 'full', '--hours', '1'],
      env,
    );
    expect(unknownStaff.code).toBe(EXIT.notFound);

    const unverified = await cli(
      ['grant', '--workspace', 'helped-ltd', '--staff', unverifiedEmail, '--mode', 'full', '--hours', '1'],
      env,
    );
    expect(unverified.code).toBe(EXIT.refused);
    expect(unverified.error().code).toBe('email_unverified');
    expect((await cli(['list', '--workspace', 'helped-ltd'], env)).json().data).not.toContainEqual(
      expect.objectContaining({ staff_email: unverifiedEmail }),
    );

    const usage = await cli(
      ['grant', '--workspace', 'helped-ltd', '--staff', staffEmail, '--mode', 'full', '--hours', '500'],
      env,
    );
    expect(usage.code).toBe(EXIT.usage);
    expect(usage.error().code).toBe('usage');
    expect(usage.stderr).toContain('Exit codes');

    const help = await cli(['--help'], env);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toContain('support-access-cli grant');
  });
});

describe('support-access-cli while identity has the embedded database open', () => {
  it('refuses with exit code 4, saying the store is in use', async () => {
    const identity = await startIdentity();
    try {
      const run = await cli(['list', '--workspace', 'anything'], { DATA_DIR: identity.service.context.dataDir });
      expect(run.code).toBe(EXIT.unavailable);
      expect(run.error().code).toBe('unavailable');
      expect(run.error().message).toContain('already open');
    } finally {
      await identity.stop();
    }
  });
});
