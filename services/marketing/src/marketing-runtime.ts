import type { ServiceContext } from '@crm/service-host';
import { loadMarketingConfig, type MarketingConfig } from './marketing-config';

// What marketing's handlers share within one running service: the host's context and its settings.
export interface MarketingRuntime {
  context: ServiceContext;
  config: MarketingConfig;
}

// Built once per start by the host (marketing-service.ts): a bad setting stops the service, naming
// the variable, before anything is served.
export function marketingRuntime(context: ServiceContext): MarketingRuntime {
  return { context, config: loadMarketingConfig(context.env) };
}
