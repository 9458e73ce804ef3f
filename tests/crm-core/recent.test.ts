import { newId } from '@crm/kit';
import { request, sharedTestSystem, signUpWithWorkspace } from '../support/system';
import { addMemberTo } from './references-support';

// GET/POST /recent through the gateway: per member, newest first, each record once, capped at
// 50; only live records of the workspace may be noted, and records that leave (recycle bin,
// erasure) drop out when the list is read. (Purges from the bin and the visits stored:
// services/crm-core/src/records/recent/__tests__/recent-visits.service.spec.ts.)
const system = sharedTestSystem();
const base = system.url;

async function buildCompany(token: string, fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await request(base, 'POST', '/companies', {
    token,
    body: { name: 'Acme Ltd', domain: 'acme.example', ...fields },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

async function buildContact(token: string, fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await request(base, 'POST', '/contacts', {
    token,
    body: { first_name: 'Cleo', last_name: 'Dunn', email: 'cleo@acme.example', ...fields },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

const visit = (token: string, type: string, id: string) =>
  request(base, 'POST', '/recent', { token, body: { type, id } });

async function recent(
  token: string,
): Promise<Array<{ type: string; id: string; title: string; subtitle: string | null }>> {
  const answer = await request(base, 'GET', '/recent', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('recent records', () => {
  it('lists visited records newest first, once each, with their titles', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const acme = await buildCompany(ann.token);
    const nameless = await buildCompany(ann.token, { name: 'Globex', domain: null });
    const cleo = await buildContact(ann.token, { job_title: 'Buyer' });
    const emailOnly = await buildContact(ann.token, {
      first_name: undefined,
      last_name: undefined,
      email: 'ops@globex.example',
      job_title: 'Operations',
    });
    const titleOnly = await buildContact(ann.token, {
      first_name: 'Dev',
      last_name: undefined,
      email: undefined,
      job_title: 'CTO',
    });

    expect(await recent(ann.token)).toEqual([]);
    for (const [type, id] of [
      ['company', acme],
      ['contact', cleo],
      ['company', nameless],
      ['contact', emailOnly],
      ['contact', titleOnly],
    ]) {
      expect((await visit(ann.token, type, id)).status).toBe(204);
    }
    expect(await recent(ann.token)).toEqual([
      { type: 'contact', id: titleOnly, title: 'Dev', subtitle: 'CTO' },
      { type: 'contact', id: emailOnly, title: 'ops@globex.example', subtitle: 'Operations' },
      { type: 'company', id: nameless, title: 'Globex', subtitle: null },
      { type: 'contact', id: cleo, title: 'Cleo Dunn', subtitle: 'cleo@acme.example' },
      { type: 'company', id: acme, title: 'Acme Ltd', subtitle: 'acme.example' },
    ]);

    // Visiting again moves the record to the top; it is never listed twice.
    expect((await visit(ann.token, 'company', acme)).status).toBe(204);
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([acme, titleOnly, emailOnly, nameless, cleo]);
  });

  it('refuses what is not a live record of the workspace, naming id', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const other = await signUpWithWorkspace(base, 'Otto');
    const acme = await buildCompany(ann.token);
    const theirs = await buildCompany(other.token);
    const binned = await buildCompany(ann.token, { name: 'Binned Ltd' });
    expect((await request(base, 'DELETE', `/companies/${binned}`, { token: ann.token })).status).toBe(204);
    const cleo = await buildContact(ann.token);

    const refusal = async (body: unknown) => {
      const answer = await request(base, 'POST', '/recent', { token: ann.token, body });
      return [answer.status, answer.body.error.code, answer.body.error.message];
    };
    expect(await refusal({ type: 'company', id: theirs })).toEqual([
      400,
      'validation_failed',
      'id is not a company of this workspace',
    ]);
    expect(await refusal({ type: 'company', id: newId() })).toEqual([
      400,
      'validation_failed',
      'id is not a company of this workspace',
    ]);
    expect(await refusal({ type: 'company', id: binned })).toEqual([
      400,
      'validation_failed',
      'id is not a company of this workspace',
    ]);
    expect(await refusal({ type: 'contact', id: acme })).toEqual([
      400,
      'validation_failed',
      'id is not a contact of this workspace',
    ]);
    expect(await refusal({ type: 'company', id: cleo })).toEqual([
      400,
      'validation_failed',
      'id is not a company of this workspace',
    ]);
    const [status, code, message] = await refusal({ type: 'deal', id: acme });
    expect([status, code, message]).toEqual([400, 'validation_failed', expect.stringContaining('type')]);
    expect((await refusal({ type: 'company', id: 'acme' }))[2]).toEqual(expect.stringContaining('id'));
    expect((await refusal({ type: 'company' }))[2]).toEqual(expect.stringContaining('id'));
    expect((await refusal({ type: 'company', id: acme, at: 'now' }))[2]).toEqual(expect.stringContaining('at'));

    // Nothing was noted, in either workspace.
    expect(await recent(ann.token)).toEqual([]);
    expect(await recent(other.token)).toEqual([]);
  });

  it('drops records moved to the recycle bin, and brings back a restored one', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const acme = await buildCompany(ann.token);
    const globex = await buildCompany(ann.token, { name: 'Globex' });
    const cleo = await buildContact(ann.token);
    const dana = await buildContact(ann.token, { first_name: 'Dana' });
    for (const [type, id] of [
      ['company', acme],
      ['company', globex],
      ['contact', cleo],
      ['contact', dana],
    ]) {
      expect((await visit(ann.token, type, id)).status).toBe(204);
    }

    expect((await request(base, 'DELETE', `/contacts/${cleo}`, { token: ann.token })).status).toBe(204);
    expect((await request(base, 'DELETE', `/contacts/${dana}`, { token: ann.token })).status).toBe(204);
    expect((await request(base, 'DELETE', `/companies/${acme}`, { token: ann.token })).status).toBe(204);
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([globex]);
    expect((await visit(ann.token, 'contact', dana)).body.error.message).toBe('id is not a contact of this workspace');

    expect((await request(base, 'POST', `/contacts/${dana}/restore`, { token: ann.token })).status).toBeLessThan(300);
    expect(
      (await request(base, 'PATCH', `/companies/${globex}`, { token: ann.token, body: { name: 'Globex Group' } }))
        .status,
    ).toBe(200);
    expect((await recent(ann.token)).map((hit) => [hit.id, hit.title])).toEqual([
      [dana, 'Dana Dunn'],
      [globex, 'Globex Group'],
    ]);
  });

  it('drops an erased contact, which can no longer be noted, and keeps the others', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const acme = await buildCompany(ann.token);
    const cleo = await buildContact(ann.token);
    const dana = await buildContact(ann.token, { first_name: 'Dana', email: 'dana@acme.example' });
    for (const [type, id] of [
      ['company', acme],
      ['contact', cleo],
      ['contact', dana],
    ]) {
      expect((await visit(ann.token, type, id)).status).toBe(204);
    }

    const erased = await request(base, 'POST', `/contacts/${cleo}/erase`, {
      token: ann.token,
      body: { confirm: 'ERASE' },
    });
    expect(erased.status).toBe(200);
    // The record stays (it reads "Erased contact" where others point at it), but not in the list.
    expect((await request(base, 'GET', `/contacts/${cleo}`, { token: ann.token })).status).toBe(200);
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([dana, acme]);
    const again = await visit(ann.token, 'contact', cleo);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('id is an erased contact: there is no one left to visit');
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([dana, acme]);
  });

  it("keeps each member's own list, an API key's being its creator's, and another workspace's apart", async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const bea = await addMemberTo(system, ann, 'Bea');
    const other = await signUpWithWorkspace(base, 'Otto');
    const acme = await buildCompany(ann.token);
    const cleo = await buildContact(ann.token);
    const theirs = await buildCompany(other.token, { name: 'Their Ltd' });

    const key = await request(base, 'POST', '/api-keys', {
      token: ann.token,
      body: { name: 'Assistant', kind: 'agent' },
    });
    expect(key.status).toBe(201);
    expect((await visit(key.body.key as string, 'company', acme)).status).toBe(204);
    expect((await visit(bea.token, 'contact', cleo)).status).toBe(204);
    expect((await visit(other.token, 'company', theirs)).status).toBe(204);

    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([acme]);
    expect((await recent(key.body.key as string)).map((hit) => hit.id)).toEqual([acme]);
    expect((await recent(bea.token)).map((hit) => hit.id)).toEqual([cleo]);
    expect((await recent(other.token)).map((hit) => hit.id)).toEqual([theirs]);
  });

  it('keeps the 50 newest visits', async () => {
    const ann = await signUpWithWorkspace(base, 'Ann');
    const ids: string[] = [];
    for (let index = 0; index < 53; index += 1) {
      const id = await buildCompany(ann.token, { name: `Company ${index}` });
      ids.push(id);
      expect((await visit(ann.token, 'company', id)).status).toBe(204);
    }
    const newestFirst = [...ids].reverse();
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual(newestFirst.slice(0, 50));
    // The oldest are gone, not hidden: visiting one again brings only it back, and the cap holds.
    expect((await visit(ann.token, 'company', ids[0])).status).toBe(204);
    expect((await recent(ann.token)).map((hit) => hit.id)).toEqual([ids[0], ...newestFirst.slice(0, 49)]);
  });
});
