import type { Response } from 'express';
import { implement, notFound, type Implementation } from '@crm/kit';
import type { BillingRuntime } from '../billing-runtime';
import { readForm } from '../shared/raw-body';
import {
  actInPortal,
  findCheckoutSession,
  payCheckout,
  portalContents,
  PORTAL_ACTIONS,
  type PortalAction,
} from './simulator-actions';
import { checkoutDonePage, checkoutPage, portalPage } from './simulator-pages';
import {
  actInSimulatedPortal,
  paySimulatedCheckout,
  showSimulatedCheckout,
  showSimulatedPortal,
  SIMULATOR_FORM_LIMIT,
} from './simulator.operations';

// The page may only post to its own origin, never be framed, and runs no script.
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

function sendPage(res: Response, html: string): string {
  res.status(200).type('html').setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.send(html);
  return html;
}

const openCheckout = async (runtime: BillingRuntime, sessionId: string) => {
  const session = await findCheckoutSession(runtime, sessionId);
  if (!session || session.status !== 'open' || Date.parse(session.expires_at) <= Date.now())
    throw notFound('checkout session');
  return session;
};

// Served with PAYMENT_PROVIDER=simulated only: with Stripe these pages are Stripe's.
export function simulatorOperations(runtime: BillingRuntime): Implementation[] {
  if (!runtime.simulator) return [];
  return [
    implement(showSimulatedCheckout, async ({ params, res }) =>
      sendPage(res, checkoutPage(await openCheckout(runtime, params.session_id))),
    ),
    implement(paySimulatedCheckout, async ({ params, req, res }) => {
      const form = await readForm(req, SIMULATOR_FORM_LIMIT);
      const session = await openCheckout(runtime, params.session_id);
      const outcome = await payCheckout(runtime, session._id, form.get('card_number') ?? '');
      if (outcome.kind === 'declined') return sendPage(res, checkoutPage(session, outcome.message));
      if (outcome.kind === 'closed') throw notFound('checkout session');
      return sendPage(res, checkoutDonePage(session.success_url, 'Payment complete'));
    }),
    implement(showSimulatedPortal, async ({ params, res }) => {
      const contents = await portalContents(runtime, params.session_id);
      if (!contents) throw notFound('portal session');
      return sendPage(res, portalPage(params.session_id, contents));
    }),
    implement(actInSimulatedPortal, async ({ params, req, res }) => {
      const form = await readForm(req, SIMULATOR_FORM_LIMIT);
      const contents = await portalContents(runtime, params.session_id);
      if (!contents) throw notFound('portal session');
      const action = form.get('action');
      const interval = form.get('interval');
      const error = PORTAL_ACTIONS.includes(action as PortalAction)
        ? await actInPortal(
            runtime,
            contents,
            action as PortalAction,
            interval === 'month' || interval === 'year' ? interval : null,
          )
        : `action must be one of ${PORTAL_ACTIONS.join(', ')}`;
      return sendPage(
        res,
        portalPage(params.session_id, (await portalContents(runtime, params.session_id)) ?? contents, error),
      );
    }),
  ];
}
