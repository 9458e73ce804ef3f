import {
  forbidden,
  implement,
  isoNow,
  isUuid,
  newId,
  notFound,
  validationFailed,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { savedViewCreated, type SavedViewCreatedData, savedViewDeleted, savedViewUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { filtersProblem } from './list-filters';
import { savedViewModel, type SavedViewRecord } from './saved-view.model';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
  type CreateSavedViewBody,
  type SavedViewObject,
  type SavedViewView,
  type UpdateSavedViewBody,
} from './saved-view.operations';

export const sharingNeedsAdmin = () => forbidden('shared saved views need a workspace admin');
const notYours = () => forbidden("only a view's creator may change or delete a private view");

export function savedViewView(record: SavedViewRecord, claims: InternalClaims): SavedViewView {
  return {
    id: record._id,
    object: record.object as SavedViewObject,
    name: record.name,
    filters: record.filters ?? {},
    shared: record.shared,
    owner_id: record.owner_id,
    owner_name: record.owner_name ?? null,
    mine: record.owner_id === claims.user_id,
    created_at: record.created_at,
  };
}

// The public state every saved view event carries (mine is the reader's, not the view's).
export function savedViewState(record: SavedViewRecord): SavedViewCreatedData {
  return {
    saved_view_id: record._id,
    object: record.object,
    name: record.name,
    filters: record.filters ?? {},
    shared: record.shared,
    owner_id: record.owner_id,
    owner_name: record.owner_name ?? null,
    created_at: record.created_at,
    version: record.version,
  };
}

function checkFilters(object: SavedViewObject, filters: Record<string, string>): void {
  const problem = filtersProblem(object, filters);
  if (problem) throw validationFailed(problem);
}

// A shared view is the admins' (contract 5.9), its creator's included only while an admin. The
// caller's own rights decide: an API key is an admin only when its role is, whoever created it.
function mayChange(view: SavedViewRecord, claims: InternalClaims): boolean {
  return view.shared ? claims.is_admin : view.owner_id === claims.user_id;
}

function refuseChange(view: SavedViewRecord, claims: InternalClaims): void {
  if (mayChange(view, claims)) return;
  throw view.shared ? sharingNeedsAdmin() : notYours();
}

async function create(context: ServiceContext, claims: InternalClaims, workspaceId: string, body: CreateSavedViewBody) {
  checkFilters(body.object, body.filters);
  if (body.shared && !claims.is_admin) throw sharingNeedsAdmin();
  const now = isoNow();
  const record: SavedViewRecord = {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    object: body.object,
    name: body.name,
    filters: body.filters,
    shared: body.shared,
    owner_id: claims.user_id,
    // A key's label is the key's name, not a person's: only a user's label names the creator.
    owner_name: claims.actor.type === 'user' ? (claims.actor.label ?? null) : null,
    owner_name_version: 0,
    created_at: now,
    updated_at: now,
  };
  await commit(context, async ({ transaction, publish }) => {
    await savedViewModel(context.connection).create([record], { session: transaction });
    publish(savedViewCreated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: savedViewState(record),
    });
  });
  return savedViewView(record, claims);
}

async function update(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateSavedViewBody,
) {
  if (!isUuid(id)) throw notFound('saved view');
  const views = savedViewModel(context.connection);
  return commit(context, async ({ transaction, publish }) => {
    const view = await views
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(transaction)
      .lean<SavedViewRecord>()
      .exec();
    if (!view) throw notFound('saved view');
    refuseChange(view, claims);
    if (body.shared === true && !claims.is_admin) throw sharingNeedsAdmin();
    if (body.filters) checkFilters(view.object as SavedViewObject, body.filters);
    const changes = {
      name: body.name ?? view.name,
      filters: body.filters ?? view.filters ?? {},
      shared: body.shared ?? view.shared,
    };
    const changed =
      changes.name !== view.name ||
      JSON.stringify(changes.filters) !== JSON.stringify(view.filters ?? {}) ||
      changes.shared !== view.shared;
    if (!changed) return savedViewView(view, claims);
    const updated: SavedViewRecord = { ...view, ...changes, version: (view.version ?? 1) + 1, updated_at: isoNow() };
    await views.updateOne(
      { _id: view._id, workspace_id: workspaceId },
      { $set: { ...changes, version: updated.version, updated_at: updated.updated_at } },
      { session: transaction },
    );
    publish(savedViewUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: savedViewState(updated),
    });
    return savedViewView(updated, claims);
  });
}

async function remove(context: ServiceContext, claims: InternalClaims, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('saved view');
  const views = savedViewModel(context.connection);
  await commit(context, async ({ transaction, publish }) => {
    const view = await views
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(transaction)
      .lean<SavedViewRecord>()
      .exec();
    if (!view) throw notFound('saved view');
    refuseChange(view, claims);
    await views.deleteOne({ _id: view._id, workspace_id: workspaceId }, { session: transaction });
    publish(savedViewDeleted, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: savedViewState({ ...view, version: (view.version ?? 1) + 1 }),
    });
  });
}

// Every member with companies:read has views of their own (the permission matrix); sharing,
// and changing or deleting a shared view, need an admin.
export function savedViewOperations(context: ServiceContext): Implementation[] {
  const views = savedViewModel(context.connection);
  return [
    implement(listSavedViews, async ({ req, auth, query }) => {
      const filter: Record<string, unknown> = {
        workspace_id: workspaceOf(req),
        $or: [{ owner_id: auth.user_id }, { shared: true }],
      };
      if (query.object) filter.object = query.object;
      const records = await views.find(filter).sort({ created_at: 1, _id: 1 }).lean<SavedViewRecord[]>().exec();
      return { data: records.map((record) => savedViewView(record, auth)) };
    }),
    implement(createSavedView, async ({ req, auth, body }) => create(context, auth, workspaceOf(req), body)),
    implement(updateSavedView, async ({ req, auth, params, body }) =>
      update(context, auth, workspaceOf(req), params.id, body),
    ),
    implement(deleteSavedView, async ({ req, auth, params }) => remove(context, auth, workspaceOf(req), params.id)),
  ];
}
