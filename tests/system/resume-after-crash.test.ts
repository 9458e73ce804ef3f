import { allInOneOnOneDataFolder } from '../support/all-in-one-process';
import { request, signUpWithWorkspace, waitFor, type ApiResponse } from '../support/system';

// The system as `npm start` runs it, as an OS process of its own that dies in the middle of a keyed
// resumable request (the test-only CRM_TEST_KILL_AT_CHECKPOINT), restarted on the same data: the
// retry with the same key finishes what the request began. An import dies while writing its third
// slice of 100 rows, two being committed: every row then exists once and the answer counts the
// whole import. A stage deletion dies in its second step of 50 companies, one committed: the
// retry moves the rest and deletes the stage.
const system = allInOneOnOneDataFolder('crm-resume-crash-');

const ROWS = 1000;
// Row 7 and row 601 are refused (a name of spaces), row 801 is a duplicate of row 101 (its domain),
// on either side of the crash; every tenth row brings a contact.
function rowOf(index: number): Record<string, unknown> {
  if (index === 7 || index === 601) return { name: '   ' };
  const company =
    index === 801
      ? { name: 'Another name', domain: 'resume-101.example' }
      : { name: `Resume Co ${index}`, domain: `resume-${index}.example` };
  return index % 10 === 0
    ? { ...company, contact: { first_name: 'Pat', last_name: `Row ${index}`, email: `pat.${index}@resume.example` } }
    : company;
}

// A request as a client sends it: a 503 (a dependency not reachable yet, with Retry-After, as right
// after a start on a busy machine) is sent again.
function answered(
  base: string,
  method: string,
  path: string,
  options: { token: string; body?: unknown; headers?: Record<string, string> },
) {
  return waitFor(async () => {
    const answer = await request(base, method, path, options);
    return answer.status === 503 ? false : answer;
  }, `${method} ${path} to be answered`);
}

async function everything(base: string, token: string, path: string): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const page = await answered(
      base,
      'GET',
      `${path}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(page.status).toBe(200);
    all.push(...(page.body.data as Array<Record<string, unknown>>));
    cursor = page.body.next_cursor as string | null;
  } while (cursor);
  return all;
}

// The retry of a crashed keyed request: the crashed run's claim holds until its lease ends (409
// meanwhile), then the retry takes it over and resumes. A client waits as each refusal says
// (Retry-After) before it asks again: asking faster only spends its rate limit, and a 429 would
// then hold it for a minute.
function takenOver(send: () => Promise<ApiResponse<Record<string, any>>>, what: string) {
  return waitFor(
    async () => {
      const answer = await send();
      if (answer.status === 409) expect(answer.body.error.code).toBe('request_in_progress');
      // Unavailable while the restarted system warms up: asked again as well.
      if (answer.status !== 409 && answer.status !== 503) return answer;
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000));
      return false;
    },
    `${what} to be taken over`,
    60_000,
  );
}

describe('a keyed import whose process dies part-way', () => {
  it('is finished by a retry with the same key after a restart, every row written once', async () => {
    const first = await system.start({ CRM_TEST_KILL_AT_CHECKPOINT: 'POST /import/companies 3' });
    const person = await signUpWithWorkspace(first.base, 'Importer');
    const body = { rows: Array.from({ length: ROWS }, (_, index) => rowOf(index)) };
    const headers = {
      authorization: `Bearer ${person.token}`,
      'content-type': 'application/json',
      'Idempotency-Key': 'import-resume-1',
    };
    // The answer never comes: the process is gone.
    await expect(
      fetch(`${first.base}/import/companies`, { method: 'POST', headers, body: JSON.stringify(body) }),
    ).rejects.toThrow();
    expect(await first.started.exit).toBeNull();
    expect(first.started.child.signalCode).toBe('SIGKILL');

    const second = await system.start();
    const { base } = second;
    // Half applied: the two committed slices of 100 written rows, nothing of the third.
    const counts = await answered(base, 'GET', '/companies/counts', { token: person.token });
    expect({ status: counts.status, body: counts.body }).toMatchObject({ status: 200, body: { all: 200 } });

    // The same key with another body is another request.
    const other = await answered(base, 'POST', '/import/companies', {
      token: person.token,
      headers: { 'Idempotency-Key': 'import-resume-1' },
      body: { rows: body.rows.slice(1) },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');

    const retry = await takenOver(
      () =>
        request(base, 'POST', '/import/companies', {
          token: person.token,
          headers: { 'Idempotency-Key': 'import-resume-1' },
          body,
        }),
      'the crashed import',
    );
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({
      created: ROWS - 3,
      updated: 0,
      skipped: 1,
      contacts: ROWS / 10,
      errors: [
        { index: 7, field: 'name', message: expect.any(String) },
        { index: 601, field: 'name', message: expect.any(String) },
      ],
      dry_run: false,
    });

    const companies = await everything(base, person.token, '/companies');
    const names = companies.map((company) => company.name as string);
    expect(names).toHaveLength(ROWS - 3);
    expect(new Set(names).size).toBe(ROWS - 3);
    expect(names).not.toContain('Another name');
    const contacts = await everything(base, person.token, '/contacts');
    expect(new Set(contacts.map((contact) => contact.email)).size).toBe(ROWS / 10);
    expect(contacts).toHaveLength(ROWS / 10);

    // Once finished, the answer is stored: a later retry replays it and writes nothing.
    const again = await answered(base, 'POST', '/import/companies', {
      token: person.token,
      headers: { 'Idempotency-Key': 'import-resume-1' },
      body,
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect((await answered(base, 'GET', '/companies/counts', { token: person.token })).body.all).toBe(ROWS - 3);

    second.started.child.kill('SIGTERM');
    expect(await second.started.exit).toBe(0);
  }, 180_000);
});

describe('a keyed stage deletion whose process dies part-way', () => {
  it('is finished by a retry with the same key after a restart, every company moved once', async () => {
    const first = await system.start({ CRM_TEST_KILL_AT_CHECKPOINT: 'DELETE /pipeline-stages/{id} 2' });
    const person = await signUpWithWorkspace(first.base, 'Mover');
    const companies = 450;
    const imported = await answered(first.base, 'POST', '/import/companies', {
      token: person.token,
      body: { rows: Array.from({ length: companies }, (_, index) => ({ name: `Moving Co ${index}` })) },
    });
    expect(imported.body.created).toBe(companies);
    const stagesOf = async (base: string) => {
      const answer = await answered(base, 'GET', '/pipelines', { token: person.token });
      const pipeline = (answer.body.data as Array<{ object: string; stages: Array<Record<string, any>> }>).find(
        (candidate) => candidate.object === 'company',
      )!;
      return Object.fromEntries(pipeline.stages.map((stage) => [stage.name as string, stage]));
    };
    const stages = await stagesOf(first.base);
    const path = `/pipeline-stages/${stages.New.id}?move_to=${stages.Customer.id}`;
    const headers = { authorization: `Bearer ${person.token}`, 'Idempotency-Key': 'stage-resume-1' };
    await expect(fetch(`${first.base}${path}`, { method: 'DELETE', headers })).rejects.toThrow();
    expect(await first.started.exit).toBeNull();
    expect(first.started.child.signalCode).toBe('SIGKILL');

    const second = await system.start();
    const { base } = second;
    // One step committed: 50 companies moved, the stage still there with the rest.
    const half = await stagesOf(base);
    expect({ New: half.New?.companies, Customer: half.Customer.companies }).toEqual({
      New: companies - 50,
      Customer: 50,
    });

    const retry = await takenOver(
      () => request(base, 'DELETE', path, { token: person.token, headers: { 'Idempotency-Key': 'stage-resume-1' } }),
      'the crashed stage deletion',
    );
    expect(retry.status).toBe(204);
    const after = await stagesOf(base);
    expect(after.New).toBeUndefined();
    expect(after.Customer.companies).toBe(companies);
    const moved = await everything(base, person.token, '/companies');
    expect(moved.filter((company) => company.stage_id !== stages.Customer.id || company.is_account !== true)).toEqual(
      [],
    );
    // Each moved once: at its second version.
    const sample = await answered(base, 'GET', `/companies/${moved[0].id as string}`, { token: person.token });
    expect(sample.headers.get('etag')).toMatch(/^"v2-/);

    second.started.child.kill('SIGTERM');
    expect(await second.started.exit).toBe(0);
  }, 180_000);
});
