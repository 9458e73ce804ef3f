import type { EventActor } from '@crm/bus';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import { activityModel, timelineContactModel, type ActivityRecord } from './activity.model';
import { recordEntries, writeContactCompanies, type EntryToRecord, type RecordedEntry } from './activity-writes';

// What a batch's events add to the timeline, gathered as the events are taken in order: a run of
// new entries, or a run of contacts' company moves, is written together when the run ends (work
// of another kind comes, or the batch ends), with a read and a write or two for the whole run
// instead of for each event. Every other change flushes what is gathered first, so the batch
// has the effect of its events applied one after another.
export class GatheredWrites {
  private entries: EntryToRecord[] = [];
  // The newest version of each contact's company seen in the run.
  private moves = new Map<string, { company_id: string | null; version: number }>();

  constructor(
    private readonly context: ServiceContext,
    private readonly unit: UnitOfWork,
    private readonly workspaceId: string,
  ) {}

  async entry(actor: EventActor | null, entry: RecordedEntry): Promise<void> {
    if (this.moves.size > 0) await this.flush();
    this.entries.push({ actor, entry });
  }

  async moveContact(contactId: string, companyId: string | null, version: number): Promise<void> {
    if (this.entries.length > 0) await this.flush();
    const known = this.moves.get(contactId);
    if (!known || known.version < version) this.moves.set(contactId, { company_id: companyId, version });
  }

  async flush(): Promise<void> {
    const { entries, moves } = this;
    this.entries = [];
    this.moves = new Map();
    if (entries.length > 0) await recordEntries(this.context, this.unit, this.workspaceId, entries);
    if (moves.size > 0) await moveContactsEntries(this.context, this.unit, this.workspaceId, moves);
  }
}

// The contacts' rows and entries for the newest version of each one's company in a run: one read
// of the rows, one write of those that move, one read of their entries, one write of those that
// carry another company.
async function moveContactsEntries(
  context: ServiceContext,
  unit: UnitOfWork,
  workspaceId: string,
  moves: ReadonlyMap<string, { company_id: string | null; version: number }>,
): Promise<void> {
  const rows = timelineContactModel(context.connection);
  const stored = new Map(
    (
      await rows
        .find({ workspace_id: workspaceId, _id: { $in: [...moves.keys()] } }, { version: 1 })
        .session(unit.transaction)
        .lean<Array<{ _id: string; version: number }>>()
        .exec()
    ).map((row) => [row._id, row.version]),
  );
  // The same version may already be there: a new entry of the contact wrote it, while entries
  // written before the change still carry the old company.
  const moving = [...moves].filter(([contactId, move]) => !((stored.get(contactId) ?? 0) > move.version));
  if (moving.length === 0) return;
  await writeContactCompanies(context, workspaceId, moving, unit.transaction);
  const activities = activityModel(context.connection);
  const entries = await activities
    .find(
      { workspace_id: workspaceId, target_type: 'contact', target_id: { $in: moving.map(([contactId]) => contactId) } },
      { target_id: 1, company_id: 1 },
    )
    .session(unit.transaction)
    .lean<Array<Pick<ActivityRecord, '_id' | 'target_id' | 'company_id'>>>()
    .exec();
  const companyOf = new Map(moving.map(([contactId, move]) => [contactId, move.company_id]));
  const wrong = entries.filter((entry) => entry.company_id !== companyOf.get(entry.target_id));
  if (wrong.length === 0) return;
  await activities.collection.bulkWrite(
    wrong.map((entry) => ({
      updateOne: {
        filter: { _id: entry._id, workspace_id: workspaceId },
        update: { $set: { company_id: companyOf.get(entry.target_id) ?? null } },
      },
    })) as never,
    { session: unit.transaction },
  );
}
