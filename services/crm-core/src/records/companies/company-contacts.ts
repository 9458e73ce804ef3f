import type { EventActor } from '@crm/bus';
import { contactUpdated } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import { contactModel, type ContactRecord } from '../contacts/contact.model';
import { contactState } from '../contacts/contact-view';

// Moves every contact of some companies (those in the recycle bin too, so a restore finds them)
// to another company, or to none, in the change's transaction; each moved contact gets a new
// version and its crm.contact.updated.
export async function moveCompanyContacts(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  fromCompanyIds: string[],
  toCompanyId: string | null,
  now: string,
): Promise<number> {
  const contacts = contactModel(context.connection);
  const moving = await contacts
    .find({ workspace_id: workspaceId, company_id: { $in: fromCompanyIds } })
    .session(unit.transaction)
    .lean<ContactRecord[]>()
    .exec();
  if (moving.length === 0) return 0;
  await contacts.updateMany(
    { workspace_id: workspaceId, _id: { $in: moving.map((contact) => contact._id) } },
    { $set: { company_id: toCompanyId, updated_at: now }, $inc: { version: 1 } },
    { session: unit.transaction },
  );
  for (const contact of moving) {
    const moved: ContactRecord = {
      ...contact,
      company_id: toCompanyId,
      updated_at: now,
      version: (contact.version ?? 1) + 1,
    };
    unit.publish(contactUpdated, {
      workspace_id: workspaceId,
      actor,
      data: { ...contactState(moved), fields: ['company_id'] },
    });
  }
  return moving.length;
}
