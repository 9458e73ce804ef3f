import { implement, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { submitWebForm } from './submission.operations';
import { acceptSubmission } from './submission-intake';

// The public endpoint web forms post to (through the gateway, no token).
export function submissionOperations(context: ServiceContext): Implementation[] {
  return [
    implement(submitWebForm, async ({ req, res, params, query, body }) => {
      const answer = await acceptSubmission(context, req, res, params.key, query.utm_campaign, body);
      // A browser was already answered with a redirect or a page.
      return answer ?? { received: true, redirect_url: null };
    }),
  ];
}
