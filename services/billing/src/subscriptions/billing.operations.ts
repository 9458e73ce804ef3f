import { DateTime, declareOperation, Named, Nullable, Strict, StringEnum, Type, Uri, type Static } from '@crm/kit';
import { admin, PLAN_NAMES } from '@crm/protos';
import { BILLING_INTERVALS } from '../providers/payment-provider';

const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export const PlanLimits = Named(
  'PlanLimits',
  Strict({
    seats: Nullable(
      Type.Integer({ minimum: 0, description: 'Active members allowed; null: no limit (billed per seat)' }),
    ),
    storage_bytes: Type.Integer({ minimum: 0, description: 'Bytes of stored documents, all files together' }),
    file_bytes: Type.Integer({ minimum: 0, description: 'Bytes of the largest single file' }),
    records: Nullable(
      Type.Integer({ minimum: 0, description: 'Companies, contacts and deals together; null: no limit' }),
    ),
  }),
);

export const BillingSubscription = Named(
  'BillingSubscription',
  Strict({
    status: StringEnum(SUBSCRIPTION_STATUSES, {
      description: "The provider's status; trialing, active and past_due keep the Standard plan",
    }),
    interval: Nullable(StringEnum(BILLING_INTERVALS)),
    seats: Nullable(Type.Integer({ minimum: 0, description: 'Seats billed' })),
    current_period_end: Nullable(DateTime()),
    cancel_at_period_end: Type.Boolean(),
    trial_end: Nullable(
      DateTime({ description: 'First payment, when the subscription was set up during the complimentary period' }),
    ),
  }),
);

export const BillingInvoice = Named(
  'BillingInvoice',
  Strict({
    id: Type.String(),
    number: Nullable(Type.String()),
    status: Type.String({ description: 'draft, open, paid, uncollectible or void' }),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    amount_due: Type.Number({ description: 'Major units' }),
    amount_paid: Type.Number({ description: 'Major units' }),
    created_at: DateTime(),
    period_start: Nullable(DateTime()),
    period_end: Nullable(DateTime()),
    url: Nullable(Uri({ description: "The provider's page of the invoice (PDF, payment), when it has one" })),
  }),
);

export const Billing = Named(
  'Billing',
  Strict({
    plan: StringEnum(PLAN_NAMES),
    seats: Type.Integer({ minimum: 0, description: 'Active members now' }),
    limits: PlanLimits,
    has_billing_account: Type.Boolean({
      description: 'A customer exists at the payment provider (checkout was opened at least once)',
    }),
    complimentary_until: Nullable(DateTime()),
    subscription: Nullable(BillingSubscription),
    invoices: Type.Array(BillingInvoice, { description: 'Newest first, up to 12' }),
  }),
);
export type BillingView = Static<typeof Billing>;

const HostedUrl = Named('HostedUrl', Strict({ url: Uri() }));

export const getBilling = declareOperation({
  method: 'GET',
  path: '/billing',
  access: admin('settings:manage'),
  summary: "The workspace's plan, seats, limits, subscription and invoices",
  status: 200,
  response: Billing,
});

export const startCheckout = declareOperation({
  method: 'POST',
  path: '/billing/checkout',
  access: admin('settings:manage'),
  summary: 'A hosted checkout address for upgrading to Standard',
  description:
    "Opens the payment provider's hosted checkout for the Standard plan, billed per active member. During the complimentary period the first payment is due when it ends. A workspace whose subscription is already in place answers 409 `already_subscribed` (use the portal).",
  body: Named(
    'CheckoutCreate',
    Strict({ interval: Type.Optional(StringEnum(BILLING_INTERVALS, { default: 'month' })) }),
  ),
  bodyRequired: false,
  status: 200,
  response: HostedUrl,
  errors: [409],
});

export const openPortal = declareOperation({
  method: 'POST',
  path: '/billing/portal',
  access: admin('settings:manage'),
  summary: "The payment provider's customer portal",
  description:
    'Card, billing details, VAT number, invoices and cancellation, at the payment provider. A workspace that never opened checkout has no billing account there: 409 `no_billing_account`.',
  status: 200,
  response: HostedUrl,
  errors: [409],
});
