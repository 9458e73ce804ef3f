import { request, signUpWithWorkspace, waitFor } from './system';

// Plans through the real flow, for any test: a workspace becomes Standard by an admin opening
// checkout, paying on the simulated provider's hosted page like a browser would, and billing
// hearing of it by signed webhook; identity then puts the plan in the next internal token.
//
// A system started with COMPLIMENTARY_DAYS=0 (`startTestSystem({ env: { ...process.env,
// COMPLIMENTARY_DAYS: '0' } })`) gives new workspaces no complimentary period: they move to Free at
// once (billing.subscription.complimentary_ended); `waitForPlan(base, token, 'free')` waits for it.
// With the default (30 days) a new workspace starts on Standard and upgradeToStandard sets up
// its subscription, due when the complimentary period ends.

export interface HostedForm {
  // Absolute path of the form's action (`/v1/public/billing/...`).
  action: string;
  fields: Record<string, string>;
}

export interface HostedPage {
  status: number;
  html: string;
  forms: HostedForm[];
}

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_match, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : undefined;
};

function formsIn(html: string): HostedForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag, inner]) => ({
    action: attribute(tag, 'action') ?? '',
    fields: Object.fromEntries(
      [...inner.matchAll(/<input\b[^>]*>/g)].flatMap(([input]) => {
        const name = attribute(input, 'name');
        return name === undefined ? [] : [[name, attribute(input, 'value') ?? '']];
      }),
    ),
  }));
}

// The API base's origin (`http://127.0.0.1:1234` of `http://127.0.0.1:1234/v1`).
const originOf = (base: string) => new URL(base).origin;

// Opens a hosted page from the address the API gave, as written from the origin: the address
// carries PUBLIC_URL, which a test system on a random port does not listen on.
export async function openHostedPage(base: string, url: string): Promise<HostedPage> {
  const { pathname, search } = new URL(url);
  const response = await fetch(`${originOf(base)}${pathname}${search}`);
  const html = await response.text();
  return { status: response.status, html, forms: formsIn(html) };
}

// Posts a form of a hosted page like a browser: its fields (with changes), form-encoded.
export async function submitHostedForm(
  base: string,
  form: HostedForm,
  changes: Record<string, string> = {},
): Promise<HostedPage> {
  const response = await fetch(`${originOf(base)}${form.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...changes }).toString(),
  });
  const html = await response.text();
  return { status: response.status, html, forms: formsIn(html) };
}

export async function waitForPlan(base: string, token: string, plan: 'free' | 'standard'): Promise<void> {
  await waitFor(async () => {
    const me = await request(base, 'GET', '/me', { token });
    return me.status === 200 && me.body.workspace.plan === plan;
  }, `the workspace's plan to be ${plan}`);
}

// A new owner and workspace on the Free plan, in a system started with COMPLIMENTARY_DAYS=0.
export async function freeWorkspace(base: string, name: string): ReturnType<typeof signUpWithWorkspace> {
  const owner = await signUpWithWorkspace(base, name);
  await waitForPlan(base, owner.token, 'free');
  return owner;
}

// Subscribes the caller's workspace (the token must be an admin's) to Standard through the
// simulated provider, and waits until the next request carries the plan.
export async function upgradeToStandard(
  base: string,
  token: string,
  interval: 'month' | 'year' = 'month',
): Promise<void> {
  const checkout = await request(base, 'POST', '/billing/checkout', { token, body: { interval } });
  if (checkout.status !== 200)
    throw new Error(`checkout answered ${checkout.status}: ${JSON.stringify(checkout.body)}`);
  const page = await openHostedPage(base, checkout.body.url as string);
  if (page.status !== 200 || page.forms.length !== 1)
    throw new Error(`the hosted checkout page answered ${page.status}`);
  const paid = await submitHostedForm(base, page.forms[0], {
    cardholder_name: 'Ann Lee',
    card_number: '4242 4242 4242 4242',
  });
  if (paid.status !== 200 || !paid.html.includes('Payment complete'))
    throw new Error(`paying on the hosted checkout answered ${paid.status}`);
  await waitFor(async () => {
    const me = await request(base, 'GET', '/me', { token });
    return me.status === 200 && me.body.workspace.plan === 'standard' && me.body.workspace.billing_set_up === true;
  }, 'the workspace to be on Standard with billing set up');
}

// Ends the caller's subscription at once in the simulated provider's portal (the token must be an
// admin's), as a customer cancelling would, and waits until the next request carries Free.
export async function downgradeToFree(base: string, token: string): Promise<void> {
  const portal = await request(base, 'POST', '/billing/portal', { token });
  if (portal.status !== 200) throw new Error(`the portal answered ${portal.status}: ${JSON.stringify(portal.body)}`);
  const page = await openHostedPage(base, portal.body.url as string);
  const cancel = page.forms.find((form) => form.fields.action === 'cancel_now');
  if (page.status !== 200 || !cancel)
    throw new Error(`the hosted portal answered ${page.status} without a form to cancel at once`);
  const cancelled = await submitHostedForm(base, cancel);
  if (cancelled.status !== 200) throw new Error(`cancelling in the hosted portal answered ${cancelled.status}`);
  await waitForPlan(base, token, 'free');
}
