import { ConfigError } from '@crm/kit';
import { loadBillingConfig, NO_PAYMENT_PROVIDER } from '../billing-config';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_MONTH: 'price_month1',
  STRIPE_PRICE_YEAR: 'price_year1',
};

describe('billing settings', () => {
  it('runs the simulated provider only when PAYMENT_PROVIDER names it', () => {
    expect(loadBillingConfig({ PAYMENT_PROVIDER: 'simulated' })).toEqual({
      publicUrl: 'http://127.0.0.1:8080',
      provider: 'simulated',
      returnUrl: 'http://127.0.0.1:8080',
      stripe: undefined,
      simulatorWebhookSecret: undefined,
      webhookToleranceSeconds: 300,
    });
  });

  it('uses Stripe when its key, webhook secret and both prices are set', () => {
    const config = loadBillingConfig({
      ...stripe,
      PUBLIC_URL: 'https://crm.example.com/',
      BILLING_RETURN_URL: 'https://app.example.com/billing',
    });
    expect(config.provider).toBe('stripe');
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsec_abc123',
      prices: { month: 'price_month1', year: 'price_year1' },
    });
    expect(config.publicUrl).toBe('https://crm.example.com');
    expect(config.returnUrl).toBe('https://app.example.com/billing');
    expect(loadBillingConfig({ ...stripe, PAYMENT_PROVIDER: 'stripe' }).provider).toBe('stripe');
  });

  it('names every variable to set when no provider is chosen', () => {
    expect(NO_PAYMENT_PROVIDER).toBe(
      'no payment provider: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTH and STRIPE_PRICE_YEAR, ' +
        'or PAYMENT_PROVIDER=simulated on a system that must take no money (the simulated provider accepts any card)',
    );
  });

  it.each([
    ['no provider at all', {}, NO_PAYMENT_PROVIDER],
    ['Stripe settings without the key or a provider', { ...stripe, STRIPE_SECRET_KEY: undefined }, NO_PAYMENT_PROVIDER],
    [
      'PAYMENT_PROVIDER=stripe without the key',
      { ...stripe, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: undefined },
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe',
    ],
    [
      'PAYMENT_PROVIDER=stripe alone',
      { PAYMENT_PROVIDER: 'stripe' },
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe',
    ],
    ['an unknown provider', { PAYMENT_PROVIDER: 'free' }, 'PAYMENT_PROVIDER must be one of stripe, simulated'],
    [
      'a Stripe key beside the simulated provider',
      { PAYMENT_PROVIDER: 'simulated', STRIPE_SECRET_KEY: 'sk_live_abc123' },
      'STRIPE_SECRET_KEY is set but PAYMENT_PROVIDER is simulated',
    ],
    [
      'a Stripe price beside the simulated provider',
      { PAYMENT_PROVIDER: 'simulated', STRIPE_PRICE_MONTH: 'price_abc123' },
      'STRIPE_PRICE_MONTH is set but PAYMENT_PROVIDER is simulated',
    ],
    [
      'a Stripe key without its webhook secret',
      { ...stripe, STRIPE_WEBHOOK_SECRET: undefined },
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER is stripe',
    ],
    [
      'a Stripe key without a price',
      { ...stripe, STRIPE_PRICE_YEAR: undefined },
      'STRIPE_PRICE_YEAR is required when PAYMENT_PROVIDER is stripe',
    ],
    [
      'a publishable key in place of the secret key',
      { ...stripe, STRIPE_SECRET_KEY: 'pk_live_abc123' },
      'STRIPE_SECRET_KEY must look like sk_live_... or rk_live_...',
    ],
    [
      'a price id in place of the webhook secret',
      { ...stripe, STRIPE_WEBHOOK_SECRET: 'price_abc' },
      'STRIPE_WEBHOOK_SECRET must look like whsec_...',
    ],
    [
      'a tolerance out of range',
      { PAYMENT_PROVIDER: 'simulated', BILLING_WEBHOOK_TOLERANCE_SECONDS: '0' },
      'BILLING_WEBHOOK_TOLERANCE_SECONDS must be >= 1',
    ],
  ])('refuses %s, naming the variable and never its value', (_label, env, message) => {
    let error: unknown;
    try {
      loadBillingConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(message);
    expect((error as Error).message).not.toContain('abc123');
  });
});
