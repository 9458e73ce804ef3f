import type { Request, Response } from 'express';
import {
  acrossWorkspaces,
  AppError,
  isFormRequest,
  newId,
  normaliseEmail,
  runWithContext,
  currentContext,
  validationFailed,
  isoNow,
} from '@crm/kit';
import { commit, type ServiceContext } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { escapeHtml } from '../web-forms/embed-html';
import { webFormModel, type WebFormRecord } from '../web-forms/web-form.model';
import { submissionModel, type SubmissionRecord } from './submission.model';
import { PROCESS_SUBMISSION_JOB, SUBMISSION_MAX_ATTEMPTS } from './submission-processing';

export interface SubmissionBody {
  company?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  job_title?: string;
  message?: string;
  consent?: boolean;
  utm_campaign?: string;
  website?: string;
}

// The same shape the Email() schema format accepts: one @, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function formByKey(context: ServiceContext, key: string): Promise<WebFormRecord> {
  // The key is the only thing that names the form: its workspace is not known yet.
  const form = await acrossWorkspaces('a public web form is found by its key alone', () =>
    webFormModel(context.connection).findOne({ public_key: key }).lean<WebFormRecord>().exec(),
  );
  if (!form) throw new AppError('not_found', 'web form not found');
  return form;
}

const THANK_YOU = (form: WebFormRecord) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Thank you</title></head><body><main><h1>Thank you</h1><p>${escapeHtml(form.name)}: we received your details and will be in touch.</p></main></body></html>`;

// Answers a browser with a redirect or a page, a script with JSON (undefined: the operation's body).
function answer(
  req: Request,
  res: Response,
  form: WebFormRecord,
): { received: boolean; redirect_url: string | null } | undefined {
  if (isFormRequest(req)) {
    if (form.redirect_url) {
      res.redirect(303, form.redirect_url);
      return undefined;
    }
    res.status(200).type('html').send(THANK_YOU(form));
    return undefined;
  }
  return { received: true, redirect_url: form.redirect_url };
}

// Accepts a submission: checks it, keeps it with the job that turns it into a lead (one
// transaction, so an accepted submission is never lost), and answers at once.
export async function acceptSubmission(
  runtime: MarketingRuntime,
  req: Request,
  res: Response,
  key: string,
  queryUtm: string | undefined,
  body: SubmissionBody,
): Promise<{ received: boolean; redirect_url: string | null } | undefined> {
  const { context } = runtime;
  const form = await formByKey(context, key);
  // From here on the request belongs to the form's workspace (tenancy guard, events, jobs).
  return runWithContext(
    { request_id: currentContext()?.request_id ?? newId(), ...currentContext(), workspace_id: form.workspace_id },
    async () => {
      if (!form.enabled) throw new AppError('web_form_disabled', 'this form is not accepting submissions', 409);
      // Spam: answered like a good submission so the bot learns nothing, and dropped.
      if (typeof body.website === 'string' && body.website.trim() !== '') return answer(req, res, form);
      if (form.require_consent && body.consent !== true) throw validationFailed('consent is required');
      if (!body.email) throw validationFailed('email is required');
      if (!EMAIL.test(body.email)) throw validationFailed('email must be a valid email');
      const emailNormalised = normaliseEmail(body.email);
      const { config } = runtime;
      const since = new Date(Date.now() - config.submissionWindowMs).toISOString();
      const recent = await submissionModel(context.connection)
        .countDocuments({
          workspace_id: form.workspace_id,
          web_form_id: form._id,
          email_normalised: emailNormalised,
          received_at: { $gt: since },
        })
        .exec();
      if (recent >= config.submissionsPerAddress) {
        throw new AppError('rate_limited', 'too many submissions from this address, retry later', 429, {
          'Retry-After': String(Math.ceil(config.submissionWindowMs / 1000)),
        });
      }
      const submission: SubmissionRecord = {
        _id: newId(),
        workspace_id: form.workspace_id,
        web_form_id: form._id,
        status: 'pending',
        email: body.email,
        email_normalised: emailNormalised,
        company: body.company ?? null,
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
        phone: body.phone ?? null,
        job_title: body.job_title ?? null,
        message: body.message ?? null,
        consent: body.consent === true,
        utm_campaign: body.utm_campaign ?? queryUtm?.trim() ?? null,
        received_at: isoNow(),
        processed_at: null,
        company_id: null,
        contact_id: null,
        campaign_id: null,
      };
      await commit(context, async (unit) => {
        await submissionModel(context.connection).create([submission], { session: unit.transaction });
        await unit.schedule({
          name: PROCESS_SUBMISSION_JOB,
          key: submission._id,
          runAt: new Date(),
          workspace_id: form.workspace_id,
          payload: { submission_id: submission._id },
          maxAttempts: SUBMISSION_MAX_ATTEMPTS,
        });
      });
      return answer(req, res, form);
    },
  );
}
