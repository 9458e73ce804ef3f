import { declareOperation, Strict, Type } from '@crm/kit';

export const SIMULATOR_FORM_LIMIT = 16 * 1024;

const SessionParams = Strict({ session_id: Type.String({ minLength: 1, maxLength: 100 }) });
const HtmlPage = Type.String({ description: 'An HTML page' });

const page = (summary: string, description: string, path: string, method: 'GET' | 'POST') =>
  declareOperation({
    method,
    path,
    summary,
    description,
    tag: 'billing',
    access: 'public',
    params: SessionParams,
    ...(method === 'POST' ? { rawBody: true, rawBodyMaxBytes: SIMULATOR_FORM_LIMIT } : {}),
    status: 200,
    response: HtmlPage,
    responseMediaType: 'text/html',
    // A form past SIMULATOR_FORM_LIMIT is refused (413 payload_too_large).
    errors: method === 'POST' ? [404, 413] : [404],
  });

// Served only with PAYMENT_PROVIDER=simulated (`npm start`): the simulated provider's hosted
// pages, reached through the gateway like Stripe's own; the session id in the address is the
// only key. An unknown or expired session answers 404.
export const showSimulatedCheckout = page(
  'Hosted checkout of the simulated payment provider',
  'The page POST /billing/checkout links to when the simulated provider runs (PAYMENT_PROVIDER=simulated): the Standard plan, its price per seat and a card form.',
  '/public/billing/simulator/checkout/{session_id}',
  'GET',
);

export const paySimulatedCheckout = page(
  'Pay on the simulated hosted checkout',
  'The checkout form, posted as application/x-www-form-urlencoded (card_number, cardholder_name). Card 4000 0000 0000 0002 is declined. Paying creates the subscription and sends billing its signed webhooks; the page then links back to the app.',
  '/public/billing/simulator/checkout/{session_id}',
  'POST',
);

export const showSimulatedPortal = page(
  'Customer portal of the simulated payment provider',
  'The page POST /billing/portal links to when the simulated provider runs (PAYMENT_PROVIDER=simulated): the subscription, its invoices, and forms to cancel, resume or change the billing interval.',
  '/public/billing/simulator/portal/{session_id}',
  'GET',
);

export const actInSimulatedPortal = page(
  'Change the subscription in the simulated portal',
  'A portal form, posted as application/x-www-form-urlencoded: action (cancel_at_period_end, resume, cancel_now or switch_interval) and, to switch, interval (month or year). The provider sends billing the matching signed webhook.',
  '/public/billing/simulator/portal/{session_id}',
  'POST',
);
