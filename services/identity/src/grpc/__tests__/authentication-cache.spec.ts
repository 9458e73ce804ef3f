import type { identityV1 } from '@crm/protos';
import { AuthenticationCache } from '../authentication-cache';

const claims = {
  user_id: 'u1',
  actor_type: 'user',
  actor_id: 'u1',
  permissions: ['companies:read'],
  is_admin: false,
  plan: 'free',
} as identityV1.AuthenticateResponse;

describe('AuthenticationCache', () => {
  it('never keeps an answer computed while identity wrote, nor serves one after a write', () => {
    const cache = new AuthenticationCache();
    const now = Date.now();

    // A write lands while the answer is being computed: the answer may be stale, so not kept.
    const during = cache.begin();
    cache.invalidate();
    cache.store('d1', during, { claims }, now + 60_000, now);
    expect(cache.get('d1', now)).toBeUndefined();

    const quiet = cache.begin();
    cache.store('d1', quiet, { claims }, now + 60_000, now);
    expect(cache.get('d1', now)?.claims).toBe(claims);
    cache.invalidate();
    expect(cache.get('d1', now)).toBeUndefined();
  });

  it('serves an answer no longer than its session or key lives', () => {
    const cache = new AuthenticationCache();
    const now = Date.now();
    cache.store('d1', cache.begin(), { claims }, now + 1000, now);
    expect(cache.get('d1', now + 999)).toBeDefined();
    expect(cache.get('d1', now + 1000)).toBeUndefined();
  });

  it('tells each new generation once per turn, before anything else runs, to whoever listens', async () => {
    const cache = new AuthenticationCache();
    const told: number[] = [];
    const stop = cache.onChange((generation) => told.push(generation));
    // A write bumps twice (when made and when settled): one notice, of the newest.
    cache.invalidate();
    cache.invalidate();
    expect(told).toEqual([]);
    await Promise.resolve();
    expect(told).toEqual([cache.begin()]);
    stop();
    cache.invalidate();
    await Promise.resolve();
    expect(told).toHaveLength(1);
  });
});
