import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const SUBMISSION_STATUSES = ['pending', 'processed'] as const;

// One submission of a web form, kept from the moment it is accepted until it has become a lead
// (and afterwards, for the rate limit and the record of what was sent). A pending one has a job
// that processes it; it survives restarts and crm-core being down.
const submissionFields = {
  _id: field.string({ required: true }),
  web_form_id: field.string({ required: true }),
  status: field.string({ enum: SUBMISSION_STATUSES, required: true }),
  email: field.string({ required: true }),
  email_normalised: field.string({ required: true }),
  company: field.string({ default: null }),
  first_name: field.string({ default: null }),
  last_name: field.string({ default: null }),
  phone: field.string({ default: null }),
  job_title: field.string({ default: null }),
  message: field.string({ default: null }),
  consent: field.boolean({ default: false }),
  utm_campaign: field.string({ default: null }),
  received_at: field.string({ required: true }),
  processed_at: field.string({ default: null }),
  company_id: field.string({ default: null }),
  contact_id: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
};

export type SubmissionRecord = ScopedRecordOf<typeof submissionFields>;

export const SUBMISSION_MODEL = 'FormSubmission';

const submissionSchema = new Schema<SubmissionRecord>(schemaOf(submissionFields), {
  collection: 'form_submissions',
  versionKey: false,
});
submissionSchema.plugin(tenantScoped);
// The rate limit: one address's recent submissions to one form.
submissionSchema.index({ workspace_id: 1, web_form_id: 1, email_normalised: 1, received_at: -1 });

export function registerSubmissionModel(connection: Connection): void {
  connection.model(SUBMISSION_MODEL, submissionSchema);
}

export function submissionModel(connection: Connection): Model<SubmissionRecord> {
  return connection.model<SubmissionRecord>(SUBMISSION_MODEL);
}
