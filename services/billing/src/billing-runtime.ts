import { randomBytes } from 'node:crypto';
import { call } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { loadBillingConfig, type BillingConfig } from './billing-config';
import type { PaymentProvider } from './providers/payment-provider';
import { StripeProvider } from './providers/stripe-provider';
import { SimulatedProvider } from './simulator/simulated-provider';

export interface BillingRuntime {
  context: ServiceContext;
  config: BillingConfig;
  provider: PaymentProvider;
  // Set with PAYMENT_PROVIDER=simulated: the provider that serves the hosted pages.
  simulator: SimulatedProvider | undefined;
  simulatorWebhookSecret: string;
}

// Built once per start by the host (billing-service.ts): the settings are read and checked first,
// so a bad value stops the service naming the variable; the provider is chosen once from them.
export function billingRuntime(context: ServiceContext): BillingRuntime {
  const config = loadBillingConfig(context.env);
  // Unset: the simulated provider and this process's billing are the only ones that sign and check.
  const simulatorWebhookSecret = config.simulatorWebhookSecret ?? randomBytes(32).toString('hex');
  const tolerance = config.webhookToleranceSeconds;
  const simulator =
    config.provider === 'simulated'
      ? new SimulatedProvider({
          connection: context.connection,
          publicUrl: config.publicUrl,
          webhookSecret: simulatorWebhookSecret,
          webhookToleranceSeconds: tolerance,
        })
      : undefined;
  const provider = config.stripe
    ? new StripeProvider({ ...config.stripe, webhookToleranceSeconds: tolerance })
    : simulator!;
  // Loud on purpose: a simulated provider where money is expected must be seen in the first log lines.
  if (simulator)
    context.logger.warn(
      { provider: provider.name },
      'payment provider is simulated: any card is accepted and no money is taken',
    );
  else context.logger.info({ provider: provider.name }, 'payment provider');
  return { context, config, provider, simulator, simulatorWebhookSecret };
}

// Seats: the workspace's active members now, asked of identity (read-your-writes: a member added
// by the previous request counts). Identity unreachable is 503.
export async function activeMembers(context: ServiceContext, workspaceId: string): Promise<number> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const answer = await call(client.countMembers.bind(client), { workspace_id: workspaceId });
  return answer.active;
}

export async function identityWorkspace(
  context: ServiceContext,
  workspaceId: string,
): Promise<identityV1.GetWorkspaceResponse> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  return call(client.getWorkspace.bind(client), { workspace_id: workspaceId });
}
