import { int } from '@crm/kit';
import { DEFAULT_RATE_LIMITS, type GatewayOptions } from './gateway';

// The gateway's tuning from the environment, read the same way by its own entry and by the
// all-in-one start (`npm start`), so both honour the same variables.
export const GATEWAY_SETTINGS = {
  RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.perTokenPerMinute, min: 1 }),
  PUBLIC_RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.publicPerMinute, min: 1 }),
  // Hops of forwarding proxies to trust for the client address (e.g. 1 behind an ingress).
  TRUST_PROXY_HOPS: int({ default: 0, min: 0, max: 10 }),
};

export function gatewayTuning(config: {
  RATE_LIMIT_PER_MINUTE: number;
  PUBLIC_RATE_LIMIT_PER_MINUTE: number;
  TRUST_PROXY_HOPS: number;
}): Pick<GatewayOptions, 'rateLimits' | 'trustProxy'> {
  return {
    rateLimits: { perTokenPerMinute: config.RATE_LIMIT_PER_MINUTE, publicPerMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE },
    trustProxy: config.TRUST_PROXY_HOPS,
  };
}
