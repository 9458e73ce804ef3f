import { planDefinition } from '@crm/protos';
import { SIMULATED_CURRENCY, SIMULATED_PRICES, type PortalContents } from './simulator-actions';
import type { SimulatedCheckoutSessionRecord } from './simulator.model';
import { SIMULATOR_PATH } from './simulated-provider';

// The simulated provider's hosted pages: plain HTML forms a browser (or a test acting like one)
// fills in and posts back to the same address.

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;
const day = (iso: string) => iso.slice(0, 10);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{width:100%;padding:.4rem}button{padding:.5rem 1rem;margin:.5rem .5rem 0 0}.note{color:#555}.error{color:#a00}</style>
</head>
<body>
<p class="note">Simulated payment provider: no money moves.</p>
${body}
</body>
</html>
`;
}

export function checkoutPage(session: SimulatedCheckoutSessionRecord, error: string | null = null): string {
  const plan = planDefinition('standard').title;
  const price = SIMULATED_PRICES[session.interval];
  const per = session.interval === 'year' ? 'year' : 'month';
  const trial =
    session.trial_end && Date.parse(session.trial_end) > Date.now()
      ? `<p>Free until ${day(session.trial_end)}; the first payment is taken then.</p>`
      : '';
  const action = `${SIMULATOR_PATH}/checkout/${encodeURIComponent(session._id)}`;
  return page(
    `Subscribe to ${plan}`,
    `<h1>Subscribe to ${escape(plan)}</h1>
<p>${money(price)} per seat per ${per} × ${session.seats} ${session.seats === 1 ? 'seat' : 'seats'} = <strong>${money(price * session.seats)} per ${per}</strong> (${SIMULATED_CURRENCY})</p>
${trial}${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action)}">
<label>Name on card <input name="cardholder_name" autocomplete="cc-name" value=""></label>
<label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>
<button type="submit">Subscribe</button>
</form>
<p><a href="${escape(session.cancel_url)}">Cancel and return</a></p>`,
  );
}

export function checkoutDonePage(returnUrl: string, message: string): string {
  // The browser goes back to the app, as after Stripe's checkout.
  return page(
    message,
    `<h1>${escape(message)}</h1>
<p><a id="return" href="${escape(returnUrl)}">Return</a></p>
<meta http-equiv="refresh" content="2;url=${escape(returnUrl)}">`,
  );
}

export function portalPage(sessionId: string, contents: PortalContents, error: string | null = null): string {
  const action = `${SIMULATOR_PATH}/portal/${encodeURIComponent(sessionId)}`;
  const { subscription, invoices } = contents;
  const form = (name: string, label: string, extra = '') =>
    `<form method="post" action="${escape(action)}"><input type="hidden" name="action" value="${name}">${extra}<button type="submit">${escape(label)}</button></form>`;
  const subscriptionPart = subscription
    ? `<h2>Subscription</h2>
<p>Standard, billed per ${subscription.interval}, ${subscription.seats} seats: <strong>${escape(subscription.status)}</strong>${
        subscription.cancel_at_period_end
          ? `, ends on ${day(subscription.current_period_end)}`
          : `, renews on ${day(subscription.current_period_end)}`
      }</p>
${subscription.cancel_at_period_end ? form('resume', 'Keep subscription') : form('cancel_at_period_end', 'Cancel at the end of the period')}
${form('cancel_now', 'Cancel now')}
${form('switch_interval', subscription.interval === 'month' ? 'Bill yearly' : 'Bill monthly', `<input type="hidden" name="interval" value="${subscription.interval === 'month' ? 'year' : 'month'}">`)}`
    : '<h2>Subscription</h2><p>No subscription.</p>';
  const invoiceRows = invoices
    .map(
      (invoice) =>
        `<tr><td>${escape(invoice.number)}</td><td>${day(invoice.created_at)}</td><td>${money(invoice.amount_due_minor)}</td><td>${escape(invoice.status)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Billing portal',
    `<h1>Billing portal</h1>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${subscriptionPart}
<h2>Invoices</h2>
<table><thead><tr><th>Number</th><th>Date</th><th>Amount</th><th>Status</th></tr></thead><tbody>
${invoiceRows}
</tbody></table>
<p><a href="${escape(contents.session.return_url)}">Return</a></p>`,
  );
}
