import { signUpWithWorkspace, sharedTestSystem } from '../support/system';
import { contactsApi, idsOf, type ContactBody } from './contacts-support';

// Two workspaces over every contact operation that takes an id: the other workspace's contact
// answers 404 (never 400 or 403, which would say it exists), stays exactly as it was, and no list,
// search or filter of one workspace ever shows the other's contacts.
const system = sharedTestSystem();
const base = system.url;

describe('contacts of two workspaces', () => {
  it('answers 404 to the other workspace and never mixes lists', async () => {
    const ada = await signUpWithWorkspace(base, 'Ada');
    const sid = await signUpWithWorkspace(base, 'Sid');
    const adas = contactsApi(base, ada);
    const sids = contactsApi(base, sid);
    const company = await adas.company('Ada Ltd');
    const manager = await adas.create({ first_name: 'Manager', last_name: 'Same', email: 'same@example.com' });
    const contact = await adas.create({
      first_name: 'Shared',
      last_name: 'Same',
      email: 'same@example.com',
      company_id: company,
      reports_to_id: manager.id,
    });
    const binned = await adas.create({ first_name: 'Binned', last_name: 'Same' });
    expect((await adas.call('DELETE', `/contacts/${binned.id}`)).status).toBe(204);
    const own = await sids.create({ first_name: 'Sid', last_name: 'Same', email: 'same@example.com' });

    const snapshot = async () =>
      Promise.all([contact, manager, binned].map(async (item) => (await adas.get(item.id)).body));
    const before = await snapshot();

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/contacts/${contact.id}`],
      ['PATCH', `/contacts/${contact.id}`, { first_name: 'Stranger' }],
      ['DELETE', `/contacts/${contact.id}`],
      ['POST', `/contacts/${binned.id}/restore`],
      ['POST', `/contacts/${contact.id}/restore`],
      ['POST', `/contacts/${contact.id}/merge`, { source_ids: [own.id] }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await sids.call(method, path, body);
      expect({
        method,
        path,
        status: answer.status,
        code: answer.body?.error?.code,
        message: answer.body?.error?.message,
      }).toEqual({
        method,
        path,
        status: 404,
        code: 'not_found',
        message: 'contact not found',
      });
    }
    // Ada's ids in Sid's bodies read as ids that do not exist.
    const references: Array<[Record<string, unknown>, string]> = [
      [{ reports_to_id: manager.id }, 'reports_to_id is not a contact of this workspace'],
      [{ company_id: company }, 'company_id is not a company of this workspace'],
      [{ owner_id: ada.user.id }, 'owner_id is not a member of this workspace'],
    ];
    for (const [body, message] of references) {
      expect((await sids.call('POST', '/contacts', body)).body.error?.message).toBe(message);
      expect((await sids.call('PATCH', `/contacts/${own.id}`, body)).body.error?.message).toBe(message);
    }
    const merge = await sids.call('POST', `/contacts/${own.id}/merge`, { source_ids: [contact.id] });
    expect({ status: merge.status, message: merge.body.error?.message }).toEqual({
      status: 400,
      message: 'source_ids.0 is not an active contact of this workspace',
    });

    expect(await snapshot()).toEqual(before);
    expect((await sids.get(own.id)).body).toEqual({ ...own } satisfies ContactBody);

    const lists: Array<Record<string, string>> = [
      {},
      { deleted: 'true' },
      { q: 'same' },
      { q: 'same@example.com' },
      { company_id: company },
      { reports_to_id: manager.id },
      { owner: ada.user.id },
    ];
    for (const query of lists) {
      const seen = idsOf(await sids.all(query));
      expect({ query, leaked: seen.filter((id) => [contact.id, manager.id, binned.id].includes(id)) }).toEqual({
        query,
        leaked: [],
      });
    }
    expect(idsOf(await sids.all({ q: 'same' }))).toEqual([own.id]);
    expect(idsOf(await adas.all({ q: 'same' }))).toEqual([contact.id, manager.id]);
  });
});
