import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acrossWorkspaces, connectDatabase, newId, runWithContext, syncIndexes } from '@crm/kit';
import { companyModel, registerCompanyModel } from '../../../records/companies/company.model';
import { companySearchFields } from '../../../records/companies/company-rules';
import { registerContactModel } from '../../../records/contacts/contact.model';
import { registerSearchDocumentModel, searchDocumentModel } from '../search-document.model';
import { EXIT, runSearchRebuildCli } from '../search-rebuild-command';

// The operator command: the projection dropped and replayed from the stored records, on the
// embedded store a stopped crm-core leaves behind.
describe('search-rebuild-cli', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-rebuild-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const workspace = newId();

  async function withStore<T>(
    work: (connection: Awaited<ReturnType<typeof connectDatabase>>) => Promise<T>,
  ): Promise<T> {
    const connection = await connectDatabase({ service: 'crm-core', dataDir });
    try {
      registerCompanyModel(connection);
      registerContactModel(connection);
      registerSearchDocumentModel(connection);
      await syncIndexes(connection);
      return await work(connection);
    } finally {
      await connection.close();
    }
  }

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSearchRebuildCli(
      argv,
      { DATA_DIR: dataDir },
      { stdout: (text) => out.push(text), stderr: (text) => err.push(text) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('replays every stored company and contact into the projection, live or in the bin', async () => {
    const now = new Date().toISOString();
    const live = newId();
    const binned = newId();
    await withStore((connection) =>
      runWithContext({ request_id: 'seed', workspace_id: workspace }, async () => {
        const base = {
          version: 3,
          workspace_id: workspace,
          address: { postcode: 'EC1A 1BB' },
          custom: {},
          sic_codes: [],
          created_at: now,
          updated_at: now,
        };
        await companyModel(connection).create([
          {
            ...base,
            _id: live,
            name: 'Rebuilt Ltd',
            domain: 'rebuilt.example',
            deleted_at: null,
            ...companySearchFields({
              name: 'Rebuilt Ltd',
              domain: 'rebuilt.example',
              account_number: null,
              address: {},
            }),
          },
          {
            ...base,
            _id: binned,
            name: 'Binned Ltd',
            deleted_at: now,
            ...companySearchFields({ name: 'Binned Ltd', domain: null, account_number: null, address: {} }),
          },
        ]);
      }),
    );
    const result = await run([]);
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.out)).toEqual({
      index: 'embedded',
      workspace: null,
      dropped: 0,
      applied: 2,
      stale: 0,
      indexed: 1,
    });
    const projected = await withStore((connection) =>
      acrossWorkspaces('the test reads what the command wrote', () =>
        searchDocumentModel(connection).find({}).sort({ name: 1 }).lean().exec(),
      ),
    );
    expect(
      projected.map((document) => [document._id, document.name, document.live, document.version, document.postcode]),
    ).toEqual([
      [binned, 'Binned Ltd', false, 3, 'EC1A 1BB'],
      [live, 'Rebuilt Ltd', true, 3, 'EC1A 1BB'],
    ]);
    // Again, for one workspace: the live documents are dropped and replayed.
    const again = await run(['--workspace', workspace]);
    expect(JSON.parse(again.out)).toMatchObject({ workspace, dropped: 2, applied: 2 });
  });

  it('refuses bad usage with exit code 2', async () => {
    expect((await run(['--workspace', 'acme'])).code).toBe(EXIT.usage);
    expect((await run(['now'])).code).toBe(EXIT.usage);
    expect((await run(['--help'])).out).toContain('search-rebuild-cli');
  });
});
