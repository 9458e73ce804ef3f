import { randomBytes } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import { isoNow, isUuid, newId, notFound, pickFields, validationFailed, type InternalClaims } from '@crm/kit';
import { webFormCreated, type WebFormCreatedData, webFormUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { campaignModel } from '../campaigns/campaign.model';
import type { MarketingRuntime } from '../marketing-runtime';
import { checkLeadSource } from '../references/lead-sources';
import { checkOwner } from '../references/members';
import { embedHtml } from './embed-html';
import { webFormModel, type WebFormField, type WebFormRecord } from './web-form.model';
import type { CreateWebFormBody, UpdateWebFormBody, WebFormView } from './web-form.operations';

const DEFAULT_FIELDS: WebFormField[] = ['first_name', 'last_name', 'email', 'company', 'message'];

export const actionUrlOf = (runtime: MarketingRuntime, publicKey: string) =>
  `${runtime.config.publicUrl}/v1/public/forms/${publicKey}`;

// What the view and the events both show of a form after its name, in their order.
const SHOWN_FIELDS = [
  'fields',
  'require_consent',
  'consent_text',
  'owner_id',
  'source_id',
  'campaign_id',
  'redirect_url',
  'enabled',
  'submissions',
  'last_submission_at',
  'created_at',
] as const;

export function webFormView(runtime: MarketingRuntime, record: WebFormRecord): WebFormView {
  const actionUrl = actionUrlOf(runtime, record.public_key);
  return {
    id: record._id,
    name: record.name,
    public_key: record.public_key,
    ...pickFields(record, SHOWN_FIELDS),
    action_url: actionUrl,
    embed_html: embedHtml(record, actionUrl),
  };
}

// The form's public state as its events carry it (never its key).
export function webFormState(record: WebFormRecord): WebFormCreatedData {
  return {
    web_form_id: record._id,
    name: record.name,
    ...pickFields(record, SHOWN_FIELDS),
    updated_at: record.updated_at,
    version: record.version,
  };
}

export async function findWebForm(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<WebFormRecord> {
  const formId = id.toLowerCase();
  if (!isUuid(formId)) throw notFound('web form');
  const form = await webFormModel(context.connection)
    .findOne({ _id: formId, workspace_id: workspaceId })
    .session(session ?? null)
    .lean<WebFormRecord>()
    .exec();
  if (!form) throw notFound('web form');
  return form;
}

export async function listWebFormViews(
  runtime: MarketingRuntime,
  workspaceId: string,
): Promise<{ data: WebFormView[] }> {
  const forms = await webFormModel(runtime.context.connection)
    .find({ workspace_id: workspaceId })
    .sort({ created_at: 1, _id: 1 })
    .lean<WebFormRecord[]>()
    .exec();
  return { data: forms.map((form) => webFormView(runtime, form)) };
}

// The rules of a form's settings, on the state it would have after the change.
function checkSettings(
  form: Pick<WebFormRecord, 'fields' | 'require_consent' | 'consent_text' | 'redirect_url'>,
): void {
  if (!form.fields.includes('email')) throw validationFailed('fields must include email (a lead is matched by it)');
  if (form.require_consent && form.consent_text === null)
    throw validationFailed('consent_text is required when require_consent is true');
  if (form.redirect_url !== null && !/^https?:\/\//i.test(form.redirect_url))
    throw validationFailed('redirect_url must be an http or https address');
}

// References changed by the request, asked of their owners (the campaign is marketing's own).
async function checkReferences(
  context: ServiceContext,
  workspaceId: string,
  body: UpdateWebFormBody,
  current: WebFormRecord | null,
): Promise<void> {
  const checks: Array<Promise<void>> = [];
  if (body.owner_id && body.owner_id !== current?.owner_id)
    checks.push(checkOwner(context, workspaceId, 'owner_id', body.owner_id));
  if (body.source_id && body.source_id !== current?.source_id)
    checks.push(checkLeadSource(context, workspaceId, 'source_id', body.source_id));
  if (body.campaign_id && body.campaign_id !== current?.campaign_id) {
    checks.push(
      campaignModel(context.connection)
        .exists({ workspace_id: workspaceId, _id: body.campaign_id, deleted_at: null })
        .exec()
        .then((found) => {
          if (!found) throw validationFailed('campaign_id is not a campaign of this workspace');
        }),
    );
  }
  await Promise.all(checks);
}

// The form as it would be with the request's settings (absent ones unchanged).
function applied(form: WebFormRecord, body: UpdateWebFormBody): WebFormRecord {
  const next: WebFormRecord = { ...form };
  for (const [field, value] of Object.entries(body))
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  return next;
}

export async function createWebFormRecord(
  runtime: MarketingRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateWebFormBody,
): Promise<WebFormView> {
  const { context } = runtime;
  const now = isoNow();
  const record = applied(
    {
      _id: newId(),
      version: 1,
      workspace_id: workspaceId,
      name: body.name,
      // 256 bits from the system's generator: not guessable, not derived from anything.
      public_key: `wf_${randomBytes(32).toString('base64url')}`,
      fields: DEFAULT_FIELDS,
      require_consent: false,
      consent_text: null,
      owner_id: null,
      source_id: null,
      campaign_id: null,
      redirect_url: null,
      enabled: true,
      submissions: 0,
      last_submission_at: null,
      created_at: now,
      updated_at: now,
    },
    body,
  );
  checkSettings(record);
  await checkReferences(context, workspaceId, body, null);
  await commit(context, async ({ transaction, publish }) => {
    await webFormModel(context.connection).create([record], { session: transaction });
    publish(webFormCreated, { workspace_id: workspaceId, actor: claims.actor, data: webFormState(record) });
  });
  return webFormView(runtime, record);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateWebFormRecord(
  runtime: MarketingRuntime,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateWebFormBody,
): Promise<WebFormView> {
  const { context } = runtime;
  const before = await findWebForm(context, workspaceId, id);
  checkSettings(applied(before, body));
  await checkReferences(context, workspaceId, body, before);
  const updated = await commit(context, async ({ transaction, publish }) => {
    const current = await findWebForm(context, workspaceId, id, transaction);
    const next = applied(current, body);
    checkSettings(next);
    const changed = (Object.keys(body) as Array<keyof WebFormRecord>).filter(
      (field) => !same(next[field], current[field]),
    );
    if (changed.length === 0) return current;
    next.version = current.version + 1;
    next.updated_at = isoNow();
    await webFormModel(context.connection).updateOne(
      { _id: current._id, workspace_id: workspaceId },
      {
        $set: {
          ...Object.fromEntries(changed.map((field) => [field, next[field]])),
          version: next.version,
          updated_at: next.updated_at,
        },
      },
      { session: transaction },
    );
    publish(webFormUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...webFormState(next), fields_changed: changed },
    });
    return next;
  });
  return webFormView(runtime, updated);
}
