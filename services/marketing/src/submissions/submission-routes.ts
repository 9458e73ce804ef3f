import { implement, type Implementation } from '@crm/kit';
import type { MarketingRuntime } from '../marketing-runtime';
import { submitWebForm } from './submission.operations';
import { acceptSubmission } from './submission-intake';

// The public endpoint web forms post to (through the gateway, no token).
export function submissionOperations(runtime: MarketingRuntime): Implementation[] {
  return [
    implement(submitWebForm, async ({ req, res, params, query, body }) => {
      const answer = await acceptSubmission(runtime, req, res, params.key, query.utm_campaign, body);
      // A browser was already answered with a redirect or a page.
      return answer ?? { received: true, redirect_url: null };
    }),
  ];
}
