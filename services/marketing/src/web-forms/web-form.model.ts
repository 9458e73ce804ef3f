import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

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
export interface WebFormRecord {
  _id: string;
  version: number;
  workspace_id: string;
  name: string;
  // Unguessable (32 random bytes): whoever has it can post to the form, so it names the form in
  // the public endpoint's path and nothing else does.
  public_key: string;
  fields: WebFormField[];
  require_consent: boolean;
  consent_text: string | null;
  owner_id: string | null;
  source_id: string | null;
  campaign_id: string | null;
  redirect_url: string | null;
  enabled: boolean;
  submissions: number;
  last_submission_at: string | null;
  created_at: string;
  updated_at: string;
}

export const WEB_FORM_MODEL = 'WebForm';

const webFormSchema = new Schema<WebFormRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    public_key: { type: String, required: true },
    fields: { type: [String], default: [] },
    require_consent: { type: Boolean, default: false },
    consent_text: { type: String, default: null },
    owner_id: { type: String, default: null },
    source_id: { type: String, default: null },
    campaign_id: { type: String, default: null },
    redirect_url: { type: String, default: null },
    enabled: { type: Boolean, default: true },
    submissions: { type: Number, default: 0 },
    last_submission_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'web_forms', versionKey: false },
);
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
