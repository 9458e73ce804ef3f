import {
  implement,
  implementCreate,
  isoNow,
  noteVersion,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { contactCreated, contactRestored, contactUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { claimRecordRoom } from '../record-limit';
import { listContactPage } from './contact-list';
import { mergeInto } from './contact-merge';
import { binContact, cancelPurge } from './contact-bin';
import { checkCompany, checkCustom, checkManager, checkOwner, mergeCustom } from './contact-rules';
import { contactInBin, findContact, newContactRecord, refuseErased, saveContact } from './contact-store';
import { contactSearchFields, contactState, contactView } from './contact-view';
import { contactModel, type ContactRecord } from './contact.model';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  mergeContacts,
  restoreContact,
  updateContact,
  type ContactWriteBody,
} from './contact.operations';

type ScalarField = Exclude<keyof ContactWriteBody, 'custom'>;
const SCALAR_FIELDS: readonly ScalarField[] = [
  'company_id',
  'reports_to_id',
  'owner_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'job_title',
  'lawful_basis',
];
const SEARCHED_FIELDS: readonly ScalarField[] = ['first_name', 'last_name', 'email'];

async function create(context: ServiceContext, claims: InternalClaims, workspaceId: string, body: ContactWriteBody) {
  await checkOwner(context, workspaceId, body.owner_id);
  return commit(context, async ({ transaction, publish }) => {
    if (body.company_id) await checkCompany(context, workspaceId, body.company_id, transaction);
    if (body.reports_to_id) await checkManager(context, workspaceId, null, body.reports_to_id, transaction);
    const custom =
      body.custom === undefined
        ? {}
        : mergeCustom({}, await checkCustom(context, workspaceId, body.custom, transaction));
    const record = newContactRecord(workspaceId, body, custom, isoNow());
    await claimRecordRoom(context, transaction, workspaceId, claims.plan, 1);
    // Stored as the import stores it: the record is complete (typed from the schema's fields), so
    // no mongoose document is built to cast and fill it.
    await contactModel(context.connection).insertMany([record], { session: transaction, lean: true });
    publish(contactCreated, { workspace_id: workspaceId, actor: claims.actor, data: contactState(record) });
    return contactView(record);
  });
}

async function update(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: ContactWriteBody,
) {
  // identity is asked before the transaction, about an owner the contact does not have yet.
  const before = await findContact(context, workspaceId, id);
  if (body.owner_id !== before.owner_id) await checkOwner(context, workspaceId, body.owner_id);
  return commit(context, async (unit) => {
    const contact = await findContact(context, workspaceId, id, unit.transaction);
    if (contact.deleted_at !== null) throw contactInBin();
    await refuseErased(context, workspaceId, [{ id }], unit.transaction);
    const changed = SCALAR_FIELDS.filter((field) => body[field] !== undefined && body[field] !== contact[field]);
    if (changed.includes('company_id') && body.company_id)
      await checkCompany(context, workspaceId, body.company_id, unit.transaction);
    if (changed.includes('reports_to_id') && body.reports_to_id)
      await checkManager(context, workspaceId, id, body.reports_to_id, unit.transaction);
    const next: ContactRecord = { ...contact };
    for (const field of changed) Object.assign(next, { [field]: body[field] });
    const fields: string[] = [...changed];
    if (body.custom !== undefined) {
      const custom = mergeCustom(
        contact.custom ?? {},
        await checkCustom(context, workspaceId, body.custom, unit.transaction),
      );
      if (JSON.stringify(custom) !== JSON.stringify(contact.custom ?? {})) {
        next.custom = custom;
        fields.push('custom');
      }
    }
    if (fields.length === 0) return contactView(contact);
    if (changed.some((field) => SEARCHED_FIELDS.includes(field))) Object.assign(next, contactSearchFields(next));
    next.version = (contact.version ?? 1) + 1;
    next.updated_at = isoNow();
    const state = await saveContact(context, unit, next);
    unit.publish(contactUpdated, { workspace_id: workspaceId, actor: claims.actor, data: { ...state, fields } });
    return contactView(next);
  });
}

async function remove(context: ServiceContext, claims: InternalClaims, workspaceId: string, id: string): Promise<void> {
  await commit(context, async (unit) => {
    const contact = await findContact(context, workspaceId, id, unit.transaction);
    if (contact.deleted_at !== null) return;
    await binContact(context, unit, claims.actor, contact, null);
  });
}

async function restore(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  await commit(context, async (unit) => {
    const contact = await findContact(context, workspaceId, id, unit.transaction);
    if (contact.deleted_at === null) return;
    await refuseErased(context, workspaceId, [{ id }], unit.transaction);
    const restored: ContactRecord = {
      ...contact,
      deleted_at: null,
      updated_at: isoNow(),
      version: (contact.version ?? 1) + 1,
    };
    const state = await saveContact(context, unit, restored);
    unit.publish(contactRestored, { workspace_id: workspaceId, actor: claims.actor, data: state });
    await cancelPurge(unit, restored);
  });
}

// Ids are stored lower-case; a uuid means the same in either case.
const idOf = (params: { id: string }) => params.id;

// Reading needs contacts:read, every change contacts:write; agent keys cannot delete or merge
// (the permission matrix).
export function contactOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listContacts, async ({ req, auth, query }) => listContactPage(context, auth, workspaceOf(req), query)),
    implementCreate(createContact, async ({ req, auth, body }) => create(context, auth, workspaceOf(req), body)),
    implement(
      getContact,
      async ({ req, params }) => {
        const contact = await findContact(context, workspaceOf(req), idOf(params));
        noteVersion(req, contact.version);
        return contactView(contact);
      },
      { notesVersion: true },
    ),
    implement(updateContact, async ({ req, auth, params, body }) =>
      update(context, auth, workspaceOf(req), idOf(params), body),
    ),
    implement(deleteContact, async ({ req, auth, params }) => remove(context, auth, workspaceOf(req), idOf(params))),
    implement(restoreContact, async ({ req, auth, params }) => restore(context, auth, workspaceOf(req), idOf(params))),
    implement(mergeContacts, async ({ req, auth, params, body }) =>
      mergeInto(
        context,
        auth,
        workspaceOf(req),
        idOf(params),
        body.source_ids.map((id) => id.toLowerCase()),
      ),
    ),
  ];
}
