import type { JobHandler } from '@crm/bus';
import { call, isoNow } from '@crm/kit';
import { crmCoreLeadsV1, planHasFeature, webFormSubmitted } from '@crm/protos';
import { commit, peerClient, type ServiceContext } from '@crm/service-host';
import { campaignModel, type CampaignRecord } from '../campaigns/campaign.model';
import { workspacePlan } from '../references/workspace-plan';
import { retryingRefCollisions, storeTouchpoints } from '../touchpoints/touchpoint-writes';
import { webFormModel, type WebFormRecord } from '../web-forms/web-form.model';
import { webFormState } from '../web-forms/web-form-writes';
import { submissionModel, type SubmissionRecord } from './submission.model';

export const PROCESS_SUBMISSION_JOB = 'marketing.submissions.process';
// Retried with backoff (1 s doubling to an hour) for about two days before it is parked (kept,
// listed, retryable), so an outage of crm-core loses nothing.
export const SUBMISSION_MAX_ATTEMPTS = 60;

// The campaign a submission credits: the live one whose utm_campaign matches the page's (the
// newest when several do), else the form's own while it is live.
async function creditedCampaign(
  context: ServiceContext,
  form: WebFormRecord,
  utm: string | null,
): Promise<CampaignRecord | null> {
  const campaigns = campaignModel(context.connection);
  if (utm) {
    const matched = await campaigns
      .findOne({ workspace_id: form.workspace_id, utm_folded: utm.toLowerCase(), deleted_at: null })
      .sort({ created_at: -1, _id: -1 })
      .lean<CampaignRecord>()
      .exec();
    if (matched) return matched;
  }
  if (!form.campaign_id) return null;
  return campaigns
    .findOne({ workspace_id: form.workspace_id, _id: form.campaign_id, deleted_at: null })
    .lean<CampaignRecord>()
    .exec();
}

// Turns a kept submission into a lead. crm-core matches or creates the company and contact (a
// retry matches what an earlier attempt created); then, in one transaction, the form touchpoint
// (on the Standard plan: touchpoints are its feature), the form's counters and
// marketing.web_form.submitted (identity notifies the owner). Throws while crm-core or identity
// is unreachable, so the job worker tries again later.
export async function processSubmission(
  context: ServiceContext,
  workspaceId: string,
  submissionId: string,
): Promise<void> {
  const submission = await submissionModel(context.connection)
    .findOne({ _id: submissionId, workspace_id: workspaceId })
    .lean<SubmissionRecord>()
    .exec();
  if (!submission || submission.status !== 'pending') return;
  const form = await webFormModel(context.connection)
    .findOne({ _id: submission.web_form_id, workspace_id: workspaceId })
    .lean<WebFormRecord>()
    .exec();
  if (!form) return;
  const campaign = await creditedCampaign(context, form, submission.utm_campaign);
  const client = peerClient(context, 'crm-core', crmCoreLeadsV1.CrmLeadsServiceClient);
  const lead = await call(client.captureLead.bind(client), {
    workspace_id: workspaceId,
    actor_id: form._id,
    actor_label: `Web form "${form.name}"`,
    company_name: submission.company ?? '',
    email: submission.email,
    first_name: submission.first_name ?? '',
    last_name: submission.last_name ?? '',
    phone: submission.phone ?? '',
    job_title: submission.job_title ?? '',
    owner_id: form.owner_id ?? '',
    source_id: form.source_id ?? '',
    campaign_id: campaign?._id ?? '',
    consent: submission.consent,
  });
  const actor = { type: 'app' as const, id: form._id, label: `Web form "${form.name}"` };
  // Asked only when there is a touchpoint to record.
  const recordsTouchpoint =
    campaign !== null && planHasFeature(await workspacePlan(context, workspaceId), 'touchpoints');
  await retryingRefCollisions(() =>
    commit(context, async (unit) => {
      const current = await submissionModel(context.connection)
        .findOne({ _id: submissionId, workspace_id: workspaceId })
        .session(unit.transaction)
        .lean<SubmissionRecord>()
        .exec();
      if (!current || current.status !== 'pending') return;
      const now = isoNow();
      if (campaign && recordsTouchpoint) {
        await storeTouchpoints(
          context,
          unit,
          workspaceId,
          actor,
          [
            {
              campaign_id: campaign._id,
              contact_id: lead.contact_id || null,
              company_id: lead.company_id || null,
              kind: 'form',
              occurred_at: submission.received_at,
              note: submission.message,
              // One touchpoint per submission, whatever happens to this job.
              external_ref: `web-form-submission:${submission._id}`,
              actor_label: form.name,
            },
          ],
          new Map([[campaign._id, campaign.name]]),
        );
      }
      await submissionModel(context.connection).updateOne(
        { _id: submissionId, workspace_id: workspaceId },
        {
          $set: {
            status: 'processed',
            processed_at: now,
            company_id: lead.company_id || null,
            contact_id: lead.contact_id || null,
            campaign_id: campaign?._id ?? null,
          },
        },
        { session: unit.transaction },
      );
      const updated = await webFormModel(context.connection)
        .findOneAndUpdate(
          { _id: form._id, workspace_id: workspaceId },
          {
            $inc: { submissions: 1, version: 1 },
            $set: { last_submission_at: submission.received_at, updated_at: now },
          },
          { session: unit.transaction, new: true },
        )
        .lean<WebFormRecord>()
        .exec();
      if (!updated) return;
      unit.publish(webFormSubmitted, {
        workspace_id: workspaceId,
        actor,
        data: {
          ...webFormState(updated),
          submission_id: submission._id,
          company_id: lead.company_id || null,
          company_name: lead.company_name || null,
          contact_id: lead.contact_id || null,
          contact_name: lead.contact_name || null,
          credited_campaign_id: campaign?._id ?? null,
          submitted_at: submission.received_at,
        },
      });
    }),
  );
}

export function submissionJobs(context: ServiceContext): Record<string, JobHandler> {
  return {
    [PROCESS_SUBMISSION_JOB]: async (job) => {
      if (!job.workspace_id) return;
      await processSubmission(context, job.workspace_id, String(job.payload.submission_id));
    },
  };
}
