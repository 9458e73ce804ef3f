import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { AppError } from '@crm/kit';

export interface RateLimitOptions {
  // Requests a minute for one bearer token.
  perTokenPerMinute: number;
  // Requests a minute from one address to the paths reached without a token (sign-in, links),
  // which are what password guessing aims at.
  publicPerMinute: number;
}

const WINDOW_MS = 60_000;

function limited(_req: Request, _res: unknown, next: (error: AppError) => void, options: Options): void {
  const retryAfter = String(Math.ceil(options.windowMs / 1000));
  next(new AppError('rate_limited', 'too many requests, retry later', 429, { 'Retry-After': retryAfter }));
}

// req.ip honours the gateway's `trust proxy` setting (TRUST_PROXY), so behind an ingress the
// client's own address is counted, not the ingress's.
function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

// Counted per gateway replica, in memory: a bound on bursts, not a billing meter.
export function rateLimits(options: RateLimitOptions) {
  const perToken = rateLimit({
    windowMs: WINDOW_MS,
    limit: options.perTokenPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The token's digest, so the limit follows the caller, not their address; no token at all
    // is refused as unauthenticated right after, so its address is as good a key as any.
    keyGenerator: (req) => {
      const header = req.headers.authorization;
      return header ? createHash('sha256').update(header).digest('base64url') : clientAddress(req);
    },
    handler: limited,
  });
  const publicPaths = rateLimit({
    windowMs: WINDOW_MS,
    limit: options.publicPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientAddress,
    handler: limited,
  });
  return { perToken, publicPaths };
}
