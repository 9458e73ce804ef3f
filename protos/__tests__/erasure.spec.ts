import { Type } from '@sinclair/typebox';
import {
  defineEvent,
  documentDeleted,
  ERASED_CONTACT_NAME,
  ERASED_TEXT,
  EVENT_CONTRACTS,
  payloadAfterErasure,
  payloadWithoutContact,
  type DocumentDeletedData,
} from '../events';

const erased = '0193a5f0-1111-7000-8000-000000000001';
const neighbour = '0193a5f0-2222-7000-8000-000000000002';

const contact = (contactId: string, first: string) => ({
  contact_id: contactId,
  company_id: null,
  reports_to_id: null,
  owner_id: null,
  first_name: first,
  last_name: 'Lee',
  email: `${first.toLowerCase()}@example.com`,
  phone: '+44 20 7946 0001',
  mobile: null,
  job_title: 'Buyer',
  lawful_basis: 'consent',
  custom: { shoe_size: 9 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
  version: 1,
});

const after = (type: string, data: Record<string, unknown>, contactId = erased) =>
  payloadAfterErasure(EVENT_CONTRACTS, { type, data }, contactId);

describe('what a kept event becomes once a contact is erased', () => {
  it("turns the contact's own events into the erased contact, conforming to their contracts", () => {
    const redacted = after('crm.contact.created', contact(erased, 'Ted'));
    expect(redacted).toMatchObject({
      contact_id: erased,
      first_name: 'Erased',
      last_name: 'contact',
      email: null,
      phone: null,
      job_title: null,
      custom: {},
      version: 1,
    });
    // (Not a search for "ted" in the text: `created_at` holds it.)
    expect(JSON.stringify(redacted)).not.toMatch(/"Ted"|Lee|ted@|7946|Buyer|consent|shoe_size/);
    expect(after('crm.contact.updated', { ...contact(erased, 'Ted'), fields: ['email'] })).toMatchObject({
      email: null,
      fields: ['email'],
    });
    // The id compares as an id, whatever its case.
    expect(after('crm.contact.created', contact(erased, 'Ted'), erased.toUpperCase())).toMatchObject({
      first_name: 'Erased',
    });
  });

  it('matches the id as a whole field value, never a name inside other text or keys', () => {
    // A three-letter first name is in `created_at`, and the erased contact's name is everywhere:
    // another contact called Ted is someone else.
    expect(after('crm.contact.created', contact(neighbour, 'Ted'))).toBeNull();
    // A payload that quotes the id inside a text does not point at the contact.
    expect(
      after(
        'crm.activity.created',
        activity({ target_type: 'company', target_id: neighbour, subject: `about ${erased}` }),
      ),
    ).toBeNull();
    // A merge that only lists the erased contact among its sources holds nothing of them.
    expect(after('crm.contact.merged', { ...contact(neighbour, 'Bob'), source_ids: [erased] })).toBeNull();
    // Types without a rule carry ids only.
    expect(after('crm.company.created', { company_id: neighbour, primary_contact_id: erased })).toBeNull();
    expect(after('no.such.event', { contact_id: erased })).toBeNull();
  });

  it('clears what other records carry of the person, keeping the references', () => {
    expect(after('crm.activity.created', activity({ target_type: 'contact', target_id: erased }))).toMatchObject({
      target_id: erased,
      subject: null,
      body: null,
      outcome: null,
    });
    expect(
      after('crm.deal.updated', {
        deal_id: neighbour,
        name: 'Renewal',
        contact_id: erased,
        contact_name: 'Ted Lee',
        version: 2,
      }),
    ).toMatchObject({
      contact_id: erased,
      contact_name: ERASED_CONTACT_NAME,
      name: 'Renewal',
    });
    expect(
      after('crm.deal.updated', { deal_id: neighbour, name: 'Renewal', contact_id: erased, version: 2 }),
    ).toBeNull();
    expect(
      after('marketing.touchpoint.recorded', {
        touchpoint_id: neighbour,
        contact_id: erased,
        note: 'Ted asked',
        external_ref: 'ted-1',
        campaign_name: 'Spring',
      }),
    ).toMatchObject({
      note: null,
      external_ref: null,
      campaign_name: 'Spring',
    });
    expect(
      after('marketing.web_form.submitted', { web_form_id: neighbour, contact_id: erased, contact_name: 'Ted Lee' }),
    ).toMatchObject({ contact_name: ERASED_CONTACT_NAME });
    expect(
      after('documents.document.completed', {
        document_id: neighbour,
        target_type: 'contact',
        target_id: erased,
        name: 'ted-passport.pdf',
      }),
    ).toMatchObject({ name: ERASED_TEXT });
    expect(
      after('documents.document.completed', {
        document_id: neighbour,
        target_type: 'company',
        target_id: erased,
        name: 'deck.pdf',
      }),
    ).toBeNull();
    expect(
      after('crm.duplicate_group.dismissed', {
        duplicate_group_id: neighbour,
        object: 'contact',
        group: 'email:ted@example.com',
        record_ids: [erased, neighbour],
      }),
    ).toMatchObject({
      group: ERASED_TEXT,
      record_ids: [erased, neighbour],
    });
  });
});

function activity(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    activity_id: neighbour,
    type: 'note',
    subject: 'Call',
    body: 'Ted will call back',
    outcome: null,
    actor_type: 'user',
    actor_id: null,
    actor_label: null,
    occurred_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

describe('a payload published once its person is erased', () => {
  const file: DocumentDeletedData = {
    document_id: 'd1',
    target_type: 'contact',
    target_id: erased,
    name: 'Ted Lee passport.pdf',
    content_type: 'application/pdf',
    size_bytes: 10,
    status: 'ready',
    uploaded_by: 'u1',
    checksum_sha256: null,
    created_at: '2026-01-01T00:00:00.000Z',
    completed_at: null,
    reason: 'record_erased',
    version: 2,
  };

  it('is the payload its contract says, typed as the contract', () => {
    const published: DocumentDeletedData = payloadWithoutContact(documentDeleted, file, erased.toUpperCase());
    expect(published).toEqual({ ...file, name: ERASED_TEXT });
    expect(payloadWithoutContact(documentDeleted, { ...file, target_id: neighbour }, erased)).toEqual({
      ...file,
      target_id: neighbour,
    });
    // @ts-expect-error: the payload of another contract
    payloadWithoutContact(documentDeleted, { contact_id: erased, version: 1 }, erased);
  });

  it('is refused when a rule breaks its contract', () => {
    const broken = defineEvent({
      type: 'test.thing.deleted',
      description: 'x',
      record: { entity: 'thing', idField: 'thing_id' },
      payload: { thing_id: Type.String(), owner_id: Type.String() },
      erasure: (data) => ({ ...data, owner_id: null }),
    });
    expect(() => payloadWithoutContact(broken, { thing_id: 't1', owner_id: erased, version: 1 }, erased)).toThrow(
      /test.thing.deleted/,
    );
  });
});
