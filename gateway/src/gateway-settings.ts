import { int, url } from '@crm/kit';

// Where the rate limit counters are kept, shared by every gateway replica: the gateway's own
// database (`gateway`) on this MongoDB. Unset: in the gateway's memory. The all-in-one start
// reads the same variable for its services.
export const GATEWAY_MONGO_URL = url({ protocols: ['mongodb', 'mongodb+srv'], secret: true });
import { DEFAULT_RATE_LIMITS, type GatewayOptions } from './gateway';

// The gateway's tuning from the environment, read the same way by its own entry and by the
// all-in-one start (`npm start`), so both honour the same variables.
export const GATEWAY_SETTINGS = {
  // Quota units a minute per bearer token and per workspace (docs/rate-limits.md).
  RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.perTokenPerMinute, min: 1 }),
  // Unset: WORKSPACE_QUOTA_FACTOR times the token's.
  WORKSPACE_RATE_LIMIT_PER_MINUTE: int({ min: 1 }),
  PUBLIC_RATE_LIMIT_PER_MINUTE: int({ default: DEFAULT_RATE_LIMITS.publicPerMinute, min: 1 }),
  // Hops of forwarding proxies to trust for the client address (e.g. 1 behind an ingress).
  TRUST_PROXY_HOPS: int({ default: 0, min: 0, max: 10 }),
};

export function gatewayTuning(config: {
  RATE_LIMIT_PER_MINUTE: number;
  WORKSPACE_RATE_LIMIT_PER_MINUTE: number | undefined;
  PUBLIC_RATE_LIMIT_PER_MINUTE: number;
  MONGO_URL?: string;
  TRUST_PROXY_HOPS: number;
}): Pick<GatewayOptions, 'rateLimits' | 'trustProxy'> {
  return {
    rateLimits: {
      perTokenPerMinute: config.RATE_LIMIT_PER_MINUTE,
      perWorkspacePerMinute: config.WORKSPACE_RATE_LIMIT_PER_MINUTE,
      publicPerMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE,
      ...(config.MONGO_URL ? { store: { mongoUrl: config.MONGO_URL } } : {}),
    },
    trustProxy: config.TRUST_PROXY_HOPS,
  };
}
