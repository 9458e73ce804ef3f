import type { EventActor } from '@crm/bus';
import { AppError, isoNow, newId, notFound } from '@crm/kit';
import { companyUpdated, type ContactCreatedData, contactUpdated } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import type { ClientSession } from 'mongoose';
import { contactSearchFields, contactState } from './contact-view';
import type { ContactWriteBody } from './contact.operations';
import { companyModel, type CompanyRecord } from '../companies/company.model';
import { companyState } from '../companies/company-view';
import { contactModel, type ContactRecord } from './contact.model';
import { erasedContactModel } from '../../data/privacy/erased-contact.model';

// Reading and writing one contact, shared by the operations, the merge and the purge.

export const contactNotFound = () => notFound('contact');
// A contact in the bin is read and restored, nothing else (as companies): 404 saying why.
export const contactInBin = () => new AppError('not_found', 'contact is in the recycle bin: restore it first');

// An erased contact keeps only that it existed: nothing may fill it in again.
export const contactErased = (field?: string) =>
  new AppError(
    'contact_erased',
    `${field ? `${field}: ` : ''}the contact was erased; an erased contact cannot be changed, restored or merged`,
    409,
  );

// Refuses when any of these contacts was erased, naming the field that named it.
export async function refuseErased(
  context: ServiceContext,
  workspaceId: string,
  contacts: Array<{ id: string; field?: string }>,
  session?: ClientSession,
): Promise<void> {
  if (contacts.length === 0) return;
  const erased = await erasedContactModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: contacts.map(({ id }) => id) } }, { _id: 1 })
    .session(session ?? null)
    .lean<Array<{ _id: string }>>()
    .exec();
  if (erased.length === 0) return;
  const ids = new Set(erased.map(({ _id: id }) => id));
  throw contactErased(contacts.find(({ id }) => ids.has(id))?.field);
}

// A new contact as stored, from a create body and its checked custom values: POST /contacts and
// the import make it alike (the import names the company of its row).
export function newContactRecord(
  workspaceId: string,
  body: ContactWriteBody,
  custom: ContactRecord['custom'],
  now: string,
): ContactRecord {
  const fields = {
    company_id: body.company_id ?? null,
    reports_to_id: body.reports_to_id ?? null,
    owner_id: body.owner_id ?? null,
    first_name: body.first_name ?? null,
    last_name: body.last_name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    mobile: body.mobile ?? null,
    job_title: body.job_title ?? null,
    lawful_basis: body.lawful_basis ?? null,
  };
  return {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    ...fields,
    custom,
    ...contactSearchFields(fields),
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

// A contact of the workspace, in the bin or not; 404 otherwise.
export async function findContact(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<ContactRecord> {
  const contact = await contactModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .session(session ?? null)
    .lean<ContactRecord>()
    .exec();
  if (!contact) throw contactNotFound();
  return contact;
}

// Writes a changed contact (version already bumped); answers its state, for the event the caller
// announces the change with.
export async function saveContact(
  context: ServiceContext,
  unit: UnitOfWork,
  contact: ContactRecord,
): Promise<ContactCreatedData> {
  const { _id, workspace_id, ...fields } = contact;
  await contactModel(context.connection).updateOne(
    { _id, workspace_id },
    { $set: fields },
    { session: unit.transaction },
  );
  return contactState(contact);
}

// Contacts reporting to any of `from` now report to `to` (null: to no one), each change
// announced; `except` are left as they are (contacts the same change handles itself).
export async function repointReports(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  move: { from: string[]; to: string | null; except?: string[] },
): Promise<void> {
  const reports = await contactModel(context.connection)
    .find({ workspace_id: workspaceId, reports_to_id: { $in: move.from }, _id: { $nin: move.except ?? [] } })
    .session(unit.transaction)
    .lean<ContactRecord[]>()
    .exec();
  const now = isoNow();
  for (const report of reports) {
    const moved: ContactRecord = {
      ...report,
      reports_to_id: move.to,
      updated_at: now,
      version: (report.version ?? 1) + 1,
    };
    const state = await saveContact(context, unit, moved);
    unit.publish(contactUpdated, { workspace_id: workspaceId, actor, data: { ...state, fields: ['reports_to_id'] } });
  }
}

// Companies (in the bin too) whose primary contact is one of `from` get `to` instead, each
// change announced as the companies slice announces a change it did not read names for.
export async function repointPrimaryContacts(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  move: { from: string[]; to: string | null },
): Promise<void> {
  const companies = companyModel(context.connection);
  const pointing = await companies
    .find({ workspace_id: workspaceId, primary_contact_id: { $in: move.from } })
    .session(unit.transaction)
    .lean<CompanyRecord[]>()
    .exec();
  if (pointing.length === 0) return;
  const now = isoNow();
  await companies.updateMany(
    { workspace_id: workspaceId, _id: { $in: pointing.map((company) => company._id) } },
    { $set: { primary_contact_id: move.to, updated_at: now }, $inc: { version: 1 } },
    { session: unit.transaction },
  );
  for (const company of pointing) {
    const moved: CompanyRecord = {
      ...company,
      primary_contact_id: move.to,
      updated_at: now,
      version: (company.version ?? 1) + 1,
    };
    unit.publish(companyUpdated, {
      workspace_id: workspaceId,
      actor,
      data: { ...companyState(moved), fields: ['primary_contact_id'] },
    });
  }
}
