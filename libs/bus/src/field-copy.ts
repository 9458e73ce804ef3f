import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import { on, type DataOf, type EventRoute, type EventSpec } from './typed-events';

// A few fields of another service's records kept beside one's own (a member's name next to an
// owner id, a campaign's name next to a campaign id), each part with the version it was taken
// at, so a late, repeated or older value never replaces a newer one. The service says which
// events carry the fields, which stored documents keep them and under which version field; the
// mechanics are here.

// The calls a copy makes on its mongoose model.
export interface CopyModel {
  updateOne(filter: object, update: object, options?: { upsert?: boolean }): PromiseLike<unknown>;
  updateMany(filter: object, update: object): PromiseLike<unknown>;
  find(filter: object, projection: object): { lean(): PromiseLike<unknown[]> };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// One kept field of the workspace's copies by a key field, e.g. the names of members by user id:
// `copiedField(model, workspaceId, 'user_id', ids, 'name')`. Keys without a copy are absent.
export async function copiedField(
  model: CopyModel,
  workspaceId: string,
  key: string,
  keys: ReadonlyArray<string | null>,
  field: string,
): Promise<Map<string, string>> {
  const unique = [...new Set(keys.filter((value): value is string => typeof value === 'string'))];
  if (unique.length === 0) return new Map();
  const rows = await model.find({ workspace_id: workspaceId, [key]: { $in: unique } }, { [key]: 1, [field]: 1 }).lean();
  const values = new Map<string, string>();
  for (const row of rows) {
    if (!isObject(row)) continue;
    const [id, value] = [row[key], row[field]];
    if (typeof id === 'string' && typeof value === 'string') values.set(id, value);
  }
  return values;
}

export interface CopiedValues {
  // The stored documents that keep the copy, e.g. `{ _id: member_id }` or `{ owner_id: user_id }`.
  match: Record<string, unknown>;
  // The kept fields and their values.
  fields: Record<string, unknown>;
  // The stored field holding the version the fields were taken at, and that version.
  versionField: string;
  version: number;
  // The copy is created when none is stored (match's `_id`), with these fields besides (`{}`:
  // none); without it only copies already stored are updated.
  insert?: Record<string, unknown>;
}

// Stores the values where the stored version is older (or, with `insert`, where there is no
// copy yet), in one workspace or, with `{ across: why }`, in every one (acrossWorkspaces).
export async function applyCopy(
  model: CopyModel,
  workspaceId: string | { across: string },
  values: CopiedValues,
): Promise<void> {
  const scope = typeof workspaceId === 'string' ? { workspace_id: workspaceId } : {};
  const filter = { ...scope, ...values.match, [values.versionField]: { $lt: values.version } };
  const onInsert = values.insert && Object.keys(values.insert).length > 0 ? { $setOnInsert: values.insert } : {};
  const update = { $set: { ...values.fields, [values.versionField]: values.version }, ...onInsert };
  const insert = values.insert;
  const write = () => (insert ? model.updateOne(filter, update, { upsert: true }) : model.updateMany(filter, update));
  try {
    await (typeof workspaceId === 'string' ? write() : acrossWorkspaces(workspaceId.across, write));
  } catch (error) {
    // A copy at least as new is stored already: the upsert collided with it.
    if (!insert || !isDuplicateKey(error)) throw error;
  }
}

export interface CopyRule<Spec extends EventSpec> {
  events: Spec | readonly Spec[];
  // What the event's payload says, or null when it holds nothing to keep.
  values: (data: DataOf<Spec>) => CopiedValues | null;
  // The values hold in every workspace (a person's name): why, for acrossWorkspaces. Otherwise
  // they are kept in the event's workspace, and an event without one is ignored.
  across?: string;
}

// A consumer's route that keeps the copy from the rule's events.
export function copyOn<Spec extends EventSpec>(model: CopyModel, rule: CopyRule<Spec>): EventRoute {
  return on(rule.events, async (event) => {
    const values = rule.values(event.data);
    const scope = rule.across !== undefined ? { across: rule.across } : event.workspace_id;
    if (values && scope !== null) await applyCopy(model, scope, values);
  });
}
