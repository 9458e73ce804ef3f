import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uri,
  Uuid,
  validationFailed,
  type Static,
} from '@crm/kit';
import { admin } from '@crm/protos';
import { WEB_FORM_FIELDS } from './web-form.model';

const WEB_FORM_READ_ONLY_FIELDS = [
  'id',
  'public_key',
  'submissions',
  'last_submission_at',
  'created_at',
  'action_url',
  'embed_html',
] as const;

const writable = {
  fields: Type.Array(StringEnum(WEB_FORM_FIELDS), {
    minItems: 1,
    maxItems: WEB_FORM_FIELDS.length,
    uniqueItems: true,
    description:
      'The fields shown, in this order; email is always among them (a lead is matched by it). Default: first_name, last_name, email, company, message.',
  }),
  require_consent: Type.Boolean({
    description: 'Default false. When true, consent_text is required and a submission without consent is refused.',
  }),
  consent_text: Nullable(SingleLine({ minLength: 1, maxLength: 500 })),
  owner_id: Nullable(
    Uuid({ description: 'An active member: owner of the leads it creates, notified of each submission.' }),
  ),
  source_id: Nullable(Uuid({ description: 'A lead source set on the leads it creates.' })),
  campaign_id: Nullable(
    Uuid({ description: "Credited with new leads unless the page's utm_campaign query matches another campaign." }),
  ),
  redirect_url: Nullable(
    Uri({
      maxLength: 2000,
      description: 'http or https; a browser posting the form is sent there (303) after a submission.',
    }),
  ),
  enabled: Type.Boolean({ description: 'Default true; a disabled form refuses submissions.' }),
};
const FormName = () => SingleLine({ minLength: 1, maxLength: 100 });

function prepareWebFormBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly = WEB_FORM_READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of ['owner_id', 'source_id', 'campaign_id'])
    if (typeof fields[field] === 'string') fields[field] = fields[field].toLowerCase();
  // consent_text declares a minimum length: empty is refused, null clears it.
  for (const field of ['redirect_url'])
    if (typeof fields[field] === 'string' && fields[field].trim() === '') fields[field] = null;
  return fields;
}

export const WebForm = Named(
  'WebForm',
  Strict({
    id: Uuid(),
    name: Type.String(),
    public_key: Type.String({ description: 'Names the form in its public endpoint; unguessable.' }),
    fields: Type.Array(StringEnum(WEB_FORM_FIELDS)),
    require_consent: Type.Boolean(),
    consent_text: Nullable(Type.String()),
    owner_id: Nullable(Uuid()),
    source_id: Nullable(Uuid()),
    campaign_id: Nullable(Uuid()),
    redirect_url: Nullable(Type.String()),
    enabled: Type.Boolean(),
    submissions: Type.Integer({ minimum: 0 }),
    last_submission_at: Nullable(DateTime()),
    created_at: DateTime(),
    action_url: Type.String({
      description: 'The public submission endpoint (POST /v1/public/forms/{public_key}), no token needed.',
    }),
    embed_html: Type.String({
      description:
        'A ready HTML form to paste into a page: labelled fields, consent checkbox, a honeypot, and the page’s utm_campaign carried along.',
    }),
  }),
);
export type WebFormView = Static<typeof WebForm>;

export const listWebForms = declareOperation({
  method: 'GET',
  path: '/web-forms',
  access: admin('settings:manage'),
  summary: 'List web forms',
  description: 'Oldest first.',
  status: 200,
  response: Named('WebFormList', ListOf(WebForm)),
});

export const createWebForm = declareOperation({
  method: 'POST',
  path: '/web-forms',
  access: admin('settings:manage'),
  etag: 'web_forms',
  summary: 'Create a web form',
  body: Named('WebFormCreate', Strict({ name: FormName(), ...Type.Partial(Type.Object(writable)).properties })),
  trim: ['name', 'consent_text', 'redirect_url'],
  prepare: prepareWebFormBody,
  status: 201,
  response: WebForm,
});
export type CreateWebFormBody = Static<NonNullable<typeof createWebForm.body>>;

export const updateWebForm = declareOperation({
  method: 'PATCH',
  path: '/web-forms/{id}',
  access: admin('settings:manage'),
  etag: 'web_forms',
  summary: 'Change a web form',
  description: 'Absent fields are unchanged, null clears. enabled false disables it.',
  params: Type.Object({ id: Uuid() }),
  body: Named('WebFormUpdate', Strict(Type.Partial(Type.Object({ name: FormName(), ...writable })).properties)),
  trim: ['name', 'consent_text', 'redirect_url'],
  prepare: prepareWebFormBody,
  status: 200,
  response: WebForm,
});
export type UpdateWebFormBody = Static<NonNullable<typeof updateWebForm.body>>;
