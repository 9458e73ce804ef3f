import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const WEB_FORM_FIELDS = [
  'company',
  'first_name',
  'last_name',
  'email',
  'phone',
  'job_title',
  'message',
] as const;
export type WebFormField = (typeof WEB_FORM_FIELDS)[number];

// A web-to-lead form (WebForm). action_url and embed_html are derived on read.
const webFormFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  name: field.string({ required: true }),
  // Unguessable (32 random bytes): whoever has it can post to the form, so it names the form in
  // the public endpoint's path and nothing else does.
  public_key: field.string({ required: true }),
  fields: field.strings<WebFormField>(),
  require_consent: field.boolean({ default: false }),
  consent_text: field.string({ default: null }),
  owner_id: field.string({ default: null }),
  source_id: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
  redirect_url: field.string({ default: null }),
  enabled: field.boolean({ default: true }),
  submissions: field.number({ default: 0 }),
  last_submission_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type WebFormRecord = ScopedRecordOf<typeof webFormFields>;

export const WEB_FORM_MODEL = 'WebForm';

const webFormSchema = new Schema<WebFormRecord>(schemaOf(webFormFields), {
  collection: 'web_forms',
  versionKey: false,
});
webFormSchema.plugin(tenantScoped);
webFormSchema.index({ workspace_id: 1, created_at: 1, _id: 1 });
// The public endpoint finds its form by key, before it knows the workspace.
webFormSchema.index({ public_key: 1 }, { unique: true });

export function registerWebFormModel(connection: Connection): void {
  connection.model(WEB_FORM_MODEL, webFormSchema);
}

export function webFormModel(connection: Connection): Model<WebFormRecord> {
  return connection.model<WebFormRecord>(WEB_FORM_MODEL);
}
