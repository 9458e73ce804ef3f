import { ConfigError } from '@crm/kit';
import { loadBillingConfig } from '../billing-config';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_MONTH: 'price_month1',
  STRIPE_PRICE_YEAR: 'price_year1',
};

describe('billing settings', () => {
  it('runs the simulated provider on embedded defaults', () => {
    expect(loadBillingConfig({})).toEqual({
      publicUrl: 'http://127.0.0.1:8080',
      returnUrl: 'http://127.0.0.1:8080',
      stripe: undefined,
      simulatorWebhookSecret: undefined,
      webhookToleranceSeconds: 300,
    });
  });

  it('uses Stripe when its key, webhook secret and both prices are set', () => {
    const config = loadBillingConfig({ ...stripe, PUBLIC_URL: 'https://crm.example.com/', BILLING_RETURN_URL: 'https://app.example.com/billing' });
    expect(config.stripe).toEqual({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123', prices: { month: 'price_month1', year: 'price_year1' } });
    expect(config.publicUrl).toBe('https://crm.example.com');
    expect(config.returnUrl).toBe('https://app.example.com/billing');
  });

  it.each([
    ['a Stripe key without its webhook secret', { ...stripe, STRIPE_WEBHOOK_SECRET: undefined }, 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set'],
    ['a Stripe key without a price', { ...stripe, STRIPE_PRICE_YEAR: undefined }, 'STRIPE_PRICE_YEAR is required when STRIPE_SECRET_KEY is set'],
    ['a webhook secret without a key', { STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, 'STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not'],
    ['a publishable key in place of the secret key', { ...stripe, STRIPE_SECRET_KEY: 'pk_live_abc123' }, 'STRIPE_SECRET_KEY must look like sk_live_... or rk_live_...'],
    ['a price id in place of the webhook secret', { ...stripe, STRIPE_WEBHOOK_SECRET: 'price_abc' }, 'STRIPE_WEBHOOK_SECRET must look like whsec_...'],
    ['a tolerance out of range', { BILLING_WEBHOOK_TOLERANCE_SECONDS: '0' }, 'BILLING_WEBHOOK_TOLERANCE_SECONDS must be >= 1'],
  ])('refuses %s, naming the variable and never its value', (_label, env, message) => {
    let error: unknown;
    try {
      loadBillingConfig(env as NodeJS.ProcessEnv);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(message);
    expect((error as Error).message).not.toContain('abc123');
  });
});
