import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const SUBMISSION_STATUSES = ['pending', 'processed'] as const;

// One submission of a web form, kept from the moment it is accepted until it has become a lead
// (and afterwards, for the rate limit and the record of what was sent). A pending one has a job
// that processes it; it survives restarts and crm-core being down.
export interface SubmissionRecord {
  _id: string;
  workspace_id: string;
  web_form_id: string;
  status: (typeof SUBMISSION_STATUSES)[number];
  email: string;
  email_normalised: string;
  company: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  job_title: string | null;
  message: string | null;
  consent: boolean;
  utm_campaign: string | null;
  received_at: string;
  processed_at: string | null;
  company_id: string | null;
  contact_id: string | null;
  campaign_id: string | null;
}

export const SUBMISSION_MODEL = 'FormSubmission';

const submissionSchema = new Schema<SubmissionRecord>(
  {
    _id: { type: String, required: true },
    web_form_id: { type: String, required: true },
    status: { type: String, enum: SUBMISSION_STATUSES, required: true },
    email: { type: String, required: true },
    email_normalised: { type: String, required: true },
    company: { type: String, default: null },
    first_name: { type: String, default: null },
    last_name: { type: String, default: null },
    phone: { type: String, default: null },
    job_title: { type: String, default: null },
    message: { type: String, default: null },
    consent: { type: Boolean, default: false },
    utm_campaign: { type: String, default: null },
    received_at: { type: String, required: true },
    processed_at: { type: String, default: null },
    company_id: { type: String, default: null },
    contact_id: { type: String, default: null },
    campaign_id: { type: String, default: null },
  },
  { collection: 'form_submissions', versionKey: false },
);
submissionSchema.plugin(tenantScoped);
// The rate limit: one address's recent submissions to one form.
submissionSchema.index({ workspace_id: 1, web_form_id: 1, email_normalised: 1, received_at: -1 });

export function registerSubmissionModel(connection: Connection): void {
  connection.model(SUBMISSION_MODEL, submissionSchema);
}

export function submissionModel(connection: Connection): Model<SubmissionRecord> {
  return connection.model<SubmissionRecord>(SUBMISSION_MODEL);
}
