import type { EventActor } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { contactDeleted } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import { saveContact } from './contact-store';
import type { ContactRecord } from './contact.model';

// The recycle bin keeps a contact for 30 days (spec section 8), then this job deletes it for good.
export const CONTACT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const PURGE_CONTACT_JOB = 'contacts.purge';

export interface PurgePayload {
  contact_id: string;
  // The bin stay the job belongs to: a contact restored and deleted again has a later one.
  deleted_at: string;
}

// One durable job per contact in the bin, written with the deletion: it survives restarts, and
// the job worker's lease runs it once however many replicas poll.
async function schedulePurge(unit: UnitOfWork, contact: ContactRecord): Promise<void> {
  const payload: PurgePayload = { contact_id: contact._id, deleted_at: contact.deleted_at! };
  await unit.schedule({
    name: PURGE_CONTACT_JOB,
    key: contact._id,
    runAt: new Date(Date.parse(contact.deleted_at!) + CONTACT_RETENTION_MS),
    workspace_id: contact.workspace_id,
    payload: { ...payload },
  });
}

export async function cancelPurge(unit: UnitOfWork, contact: ContactRecord): Promise<void> {
  await unit.cancel({ name: PURGE_CONTACT_JOB, key: contact._id });
}

// Puts a contact in the recycle bin and schedules its purge; `mergedInto` names the survivor when
// a merge put it there.
export async function binContact(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  contact: ContactRecord,
  mergedInto: string | null,
): Promise<void> {
  const now = isoNow();
  const binned: ContactRecord = { ...contact, deleted_at: now, updated_at: now, version: (contact.version ?? 1) + 1 };
  const state = await saveContact(context, unit, binned);
  unit.publish(contactDeleted, {
    workspace_id: binned.workspace_id,
    actor,
    data: { ...state, merged_into_id: mergedInto },
  });
  await schedulePurge(unit, binned);
}
