import {
  implement,
  isDuplicateKey,
  isoNow,
  isUuid,
  newId,
  notFound,
  validationFailed,
  workspaceOf,
  type Implementation,
  type InternalClaims,
} from '@crm/kit';
import { customFieldCreated, customFieldUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { freeKey, keyFromLabel } from './custom-field-keys';
import { customFieldModel, type CustomFieldRecord } from './custom-field.model';
import {
  createCustomField,
  listCustomFields,
  updateCustomField,
  type CreateCustomFieldBody,
  type UpdateCustomFieldBody,
} from './custom-field.operations';
import { customFieldState, customFieldView } from './custom-field-view';

// options belong to select fields only, and a select needs at least one.
function checkOptions(type: string, options: string[] | undefined): void {
  if (type === 'select') {
    if (options !== undefined && options.length === 0)
      throw validationFailed('options must not be empty for a select field');
    return;
  }
  if (options !== undefined) throw validationFailed(`options are only allowed for a select field, not ${type}`);
}

async function create(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateCustomFieldBody,
) {
  checkOptions(body.type, body.options);
  if (body.type === 'select' && body.options === undefined)
    throw validationFailed('options are required for a select field');
  // Two admins adding the same label at once: the unique index refuses the second key, which
  // then reads the keys again and takes the next free one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insertField(context, claims, workspaceId, body);
    } catch (error) {
      if (!isDuplicateKey(error) || attempt === 3) throw error;
    }
  }
}

async function insertField(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateCustomFieldBody,
) {
  const fields = customFieldModel(context.connection);
  return commit(context, async ({ transaction, publish }) => {
    const existing = await fields
      .find({ workspace_id: workspaceId, object: body.object }, { key: 1, position: 1 })
      .session(transaction)
      .lean<Array<Pick<CustomFieldRecord, 'key' | 'position'>>>()
      .exec();
    const now = isoNow();
    const record: CustomFieldRecord = {
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      object: body.object,
      key: freeKey(keyFromLabel(body.label), new Set(existing.map((field) => field.key))),
      label: body.label,
      type: body.type,
      options: body.options ?? [],
      // New fields go last.
      position: Math.min(
        1000,
        existing.reduce((max, field) => Math.max(max, field.position + 1), 0),
      ),
      archived: false,
      created_at: now,
      updated_at: now,
    };
    await fields.create([record], { session: transaction });
    publish(customFieldCreated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: customFieldState(record),
    });
    return customFieldView(record);
  });
}

async function update(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateCustomFieldBody,
) {
  if (!isUuid(id)) throw notFound('custom field');
  const fields = customFieldModel(context.connection);
  return commit(context, async ({ transaction, publish }) => {
    const field = await fields
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(transaction)
      .lean<CustomFieldRecord>()
      .exec();
    if (!field) throw notFound('custom field');
    checkOptions(field.type, body.options);
    const changes = {
      label: body.label ?? field.label,
      options: body.options ?? field.options ?? [],
      position: body.position ?? field.position,
      archived: body.archived ?? field.archived,
    };
    const changed =
      changes.label !== field.label ||
      changes.options.join('\n') !== (field.options ?? []).join('\n') ||
      changes.position !== field.position ||
      changes.archived !== field.archived;
    if (!changed) return customFieldView(field);
    const updated: CustomFieldRecord = {
      ...field,
      ...changes,
      version: (field.version ?? 1) + 1,
      updated_at: isoNow(),
    };
    await fields.updateOne(
      { _id: field._id, workspace_id: workspaceId },
      { $set: { ...changes, version: updated.version, updated_at: updated.updated_at } },
      { session: transaction },
    );
    publish(customFieldUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: customFieldState(updated),
    });
    return customFieldView(updated);
  });
}

// Reading needs companies:read, defining and changing an admin (the permission matrix).
export function customFieldOperations(context: ServiceContext): Implementation[] {
  const fields = customFieldModel(context.connection);
  return [
    implement(listCustomFields, async ({ req, query }) => {
      const filter: Record<string, unknown> = { workspace_id: workspaceOf(req) };
      if (query.object) filter.object = query.object;
      if (!query.include_archived) filter.archived = false;
      const records = await fields
        .find(filter)
        .sort({ position: 1, created_at: 1, _id: 1 })
        .lean<CustomFieldRecord[]>()
        .exec();
      return { data: records.map(customFieldView) };
    }),
    implement(createCustomField, async ({ req, auth, body }) => create(context, auth, workspaceOf(req), body)),
    implement(updateCustomField, async ({ req, auth, params, body }) =>
      update(context, auth, workspaceOf(req), params.id, body),
    ),
  ];
}
