import type { EventActor, RunningJob } from '@crm/bus';
import { contactPurged } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { PURGE_CONTACT_JOB, type PurgePayload } from './contact-bin';
import { repointPrimaryContacts, repointReports } from './contact-store';
import { contactState } from './contact-view';
import { contactModel, type ContactRecord } from './contact.model';

const SYSTEM: EventActor = { type: 'system', id: null, label: null };

// Deletes the contact for good if it is still in the bin of the stay the job was scheduled for
// (false otherwise). What pointed at it is let go (contacts reporting to it, companies with it as
// primary contact); crm.contact.purged tells other services to delete or detach their records of it.
export async function purgeContact(
  context: ServiceContext,
  workspaceId: string,
  payload: PurgePayload,
): Promise<boolean> {
  const contacts = contactModel(context.connection);
  return commit(context, async (unit) => {
    const { transaction, publish } = unit;
    const contact = await contacts
      .findOne({ _id: payload.contact_id, workspace_id: workspaceId })
      .session(transaction)
      .lean<ContactRecord>()
      .exec();
    if (!contact || contact.deleted_at === null || contact.deleted_at !== payload.deleted_at) return false;
    await contacts.deleteOne({ _id: contact._id, workspace_id: workspaceId }, { session: transaction });
    await repointReports(context, unit, SYSTEM, workspaceId, { from: [contact._id], to: null });
    await repointPrimaryContacts(context, unit, SYSTEM, workspaceId, { from: [contact._id], to: null });
    publish(contactPurged, {
      workspace_id: workspaceId,
      actor: SYSTEM,
      data: contactState({ ...contact, version: (contact.version ?? 1) + 1 }),
    });
    return true;
  });
}

export function contactJobs(context: ServiceContext) {
  return {
    [PURGE_CONTACT_JOB]: async (job: RunningJob) => {
      if (!job.workspace_id) return;
      await purgeContact(context, job.workspace_id, job.payload as unknown as PurgePayload);
    },
  };
}
