// Retries that are safe and useful: 429 (after the wait the server names), 503, a `409
// request_in_progress` (the first request with the same Idempotency-Key is still running) and a
// request that got no answer. Never another 4xx: it would fail again. Writes carry an
// Idempotency-Key (see client.ts), so a retried write never creates twice.

export interface RetryOptions {
  // Further attempts after the first (default 4).
  retries?: number;
  // First backoff in ms, doubled each attempt, with full jitter (default 500).
  baseDelayMs?: number;
  // Longest wait between two attempts in ms, whatever the server asks (default 60000).
  maxDelayMs?: number;
}

export type Sleep = (ms: number) => Promise<void>;

const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Seconds the server asks to wait: Retry-After (seconds or an HTTP date), else the largest `t` of
// an exhausted policy in RateLimit (`"token";r=0;t=12`), else undefined.
export function serverDelayMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim()) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const rateLimit = headers.get('ratelimit');
  if (rateLimit) {
    let wait: number | undefined;
    for (const item of rateLimit.split(',')) {
      const remaining = /;\s*r=(\d+)/.exec(item);
      const reset = /;\s*t=(\d+)/.exec(item);
      if (remaining && reset && Number(remaining[1]) === 0) wait = Math.max(wait ?? 0, Number(reset[1]) * 1000);
    }
    return wait;
  }
  return undefined;
}

async function isRequestInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone().json()) as { error?: { code?: string } };
    return body.error?.code === 'request_in_progress';
  } catch {
    return false;
  }
}

export async function shouldRetry(response: Response): Promise<boolean> {
  return response.status === 429 || response.status === 503 || (await isRequestInProgress(response));
}

// A fetch for openapi-fetch that sends the request again (a fresh copy of it) while the answer
// says a retry may succeed.
export function retryingFetch(
  options: RetryOptions = {},
  sleep: Sleep = defaultSleep,
  fetchImpl: typeof fetch = fetch,
) {
  const retries = options.retries ?? 4;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 60_000;
  const backoff = (attempt: number) => Math.min(max, Math.random() * base * 2 ** attempt);
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(request.clone());
      } catch (error) {
        // Aborted by the caller: not a network failure.
        if (request.signal?.aborted || attempt >= retries) throw error;
        await sleep(backoff(attempt));
        continue;
      }
      if (attempt >= retries || !(await shouldRetry(response))) return response;
      const asked = serverDelayMs(response.headers);
      await response.body?.cancel();
      await sleep(Math.min(max, asked ?? backoff(attempt)));
    }
  };
}
