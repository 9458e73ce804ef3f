import { ConfigError, int, loadConfig, str, url, type VariableSpec } from '@crm/kit';

// A value that must look like one of the payment provider's own (sk_live_..., whsec_..., price_...),
// so a key pasted into the wrong variable stops billing at start, naming the variable.
function prefixed(
  prefixes: RegExp,
  example: string,
  options: { secret?: boolean; description: string },
): VariableSpec<string, false> {
  return {
    ...options,
    parse(raw, name) {
      const value = raw.trim();
      if (!prefixes.test(value)) throw new ConfigError(`${name} must look like ${example}`);
      return value;
    },
  };
}

const PROVIDERS = ['stripe', 'simulated'] as const;
export type PaymentProviderName = (typeof PROVIDERS)[number];

// Billing's settings, read from its environment once at start. The payment provider is always a
// choice: the simulated one takes any card, so it never runs because something was left unset.
export const BILLING_ENV = {
  PAYMENT_PROVIDER: {
    description:
      'stripe, or simulated (no money is taken: development and tests only; `npm start` sets it); unset means stripe when STRIPE_SECRET_KEY is set',
    parse(raw, name) {
      const value = raw.trim();
      if (!(PROVIDERS as readonly string[]).includes(value))
        throw new ConfigError(`${name} must be one of ${PROVIDERS.join(', ')}`);
      return value as PaymentProviderName;
    },
  } satisfies VariableSpec<PaymentProviderName, false>,
  PUBLIC_URL: url({
    default: 'http://127.0.0.1:8080',
    protocols: ['http', 'https'],
    description: 'public address of the gateway: hosted pages of the simulated provider and the default return address',
  }),
  BILLING_RETURN_URL: url({
    protocols: ['http', 'https'],
    description:
      "where the provider sends the browser back after checkout or the portal (the app's billing page); PUBLIC_URL when unset",
  }),
  STRIPE_SECRET_KEY: prefixed(/^(sk|rk)_(test|live)_\w+$/, 'sk_live_... or rk_live_...', {
    secret: true,
    description:
      'Stripe API key; required with PAYMENT_PROVIDER=stripe, and names Stripe when PAYMENT_PROVIDER is unset',
  }),
  STRIPE_WEBHOOK_SECRET: prefixed(/^whsec_\w+$/, 'whsec_...', {
    secret: true,
    description: 'signing secret of the Stripe webhook endpoint that points at /v1/public/billing/webhooks',
  }),
  STRIPE_PRICE_MONTH: prefixed(/^price_\w+$/, 'price_...', {
    description: 'Stripe price of the Standard plan billed monthly, per seat',
  }),
  STRIPE_PRICE_YEAR: prefixed(/^price_\w+$/, 'price_...', {
    description: 'Stripe price of the Standard plan billed yearly, per seat',
  }),
  BILLING_SIMULATOR_WEBHOOK_SECRET: str({
    secret: true,
    description: 'signing secret of the simulated provider’s webhooks; a fresh one per process when unset',
  }),
  BILLING_WEBHOOK_TOLERANCE_SECONDS: int({
    default: 300,
    min: 1,
    max: 3600,
    description: 'how old a signed webhook may be; older ones are refused as replays',
  }),
};

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { month: string; year: string };
}

export interface BillingConfig {
  // Without a trailing slash.
  publicUrl: string;
  returnUrl: string;
  provider: PaymentProviderName;
  // Set when Stripe is the provider.
  stripe: StripeSettings | undefined;
  simulatorWebhookSecret: string | undefined;
  webhookToleranceSeconds: number;
}

const STRIPE_REQUIRED = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTH', 'STRIPE_PRICE_YEAR'] as const;
const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', ...STRIPE_REQUIRED] as const;

export const NO_PAYMENT_PROVIDER =
  'no payment provider: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTH and STRIPE_PRICE_YEAR, ' +
  'or PAYMENT_PROVIDER=simulated on a system that must take no money (the simulated provider accepts any card)';

export function loadBillingConfig(env: NodeJS.ProcessEnv): BillingConfig {
  const config = loadConfig(BILLING_ENV, env);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  // A Stripe key alone names Stripe; nothing at all names nothing, and billing does not start.
  const provider = config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : undefined);
  if (!provider) throw new ConfigError(NO_PAYMENT_PROVIDER);
  let stripe: StripeSettings | undefined;
  if (provider === 'stripe') {
    if (!config.STRIPE_SECRET_KEY)
      throw new ConfigError('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe');
    // Half a Stripe configuration would take payments it cannot hear about: refuse to start.
    for (const name of STRIPE_REQUIRED)
      if (!config[name]) throw new ConfigError(`${name} is required when PAYMENT_PROVIDER is stripe`);
    stripe = {
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      prices: { month: config.STRIPE_PRICE_MONTH!, year: config.STRIPE_PRICE_YEAR! },
    };
  } else {
    // Stripe settings beside the simulator: one of the two is a mistake, and guessing could take money or lose it.
    for (const name of STRIPE_SETTINGS)
      if (config[name]) throw new ConfigError(`${name} is set but PAYMENT_PROVIDER is simulated`);
  }
  return {
    publicUrl,
    provider,
    returnUrl: (config.BILLING_RETURN_URL ?? publicUrl).replace(/\/+$/, ''),
    stripe,
    simulatorWebhookSecret: config.BILLING_SIMULATOR_WEBHOOK_SECRET,
    webhookToleranceSeconds: config.BILLING_WEBHOOK_TOLERANCE_SECONDS,
  };
}
