import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import mongoose from 'mongoose';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type Logger } from '@crm/kit';
import { DEFAULT_OPERATION_COST, OPERATION_COSTS } from '@crm/protos';
import { OperationTable } from './operation-table';

// The limits, what each operation costs against them (its declaration's `cost`, read from the
// operation manifest) and the headers that tell a client where it stands (docs/rate-limits.md):
// RateLimit-Policy and RateLimit as draft-ietf-httpapi-ratelimit-headers-11 writes them
// (Structured Fields), Retry-After on 429.

export interface RateLimitOptions {
  // Quota units a minute for one bearer token.
  perTokenPerMinute: number;
  // Quota units a minute for one workspace, whichever of its tokens spends them; unset,
  // WORKSPACE_QUOTA_FACTOR times the token's.
  perWorkspacePerMinute?: number;
  // Requests a minute from one address to the paths reached without a token (sign-in, links),
  // which are what password guessing aims at.
  publicPerMinute: number;
  // Where the counters are kept: absent, in this process (one replica); with a MongoDB, shared by
  // every replica that names the same one.
  store?: RateLimitStore;
  // How long a request waits for the store before it is counted in this replica instead.
  storeTimeoutMs?: number;
}

export type RateLimitStore =
  // The gateway opens (and closes) its own connection, to its own database.
  | { mongoUrl: string; dbName?: string }
  // A client someone else owns and closes (a MongoClient, or the embedded store's client).
  | { mongoClient: { db(name: string): unknown }; dbName?: string };

// A workspace may spend what five of its tokens at full speed would: several integrations and its
// people side by side, but not without bound.
export const WORKSPACE_QUOTA_FACTOR = 5;

export function workspaceQuota(options: RateLimitOptions): number {
  return options.perWorkspacePerMinute ?? options.perTokenPerMinute * WORKSPACE_QUOTA_FACTOR;
}
export const RATE_LIMIT_DATABASE = 'gateway';
const WINDOW_SECONDS = 60;
// How long a request waits for the shared store before it is counted in this replica instead
// (unless set), and how long the replica then counts alone before it asks the store again: an
// outage costs one slow request per policy every few seconds, not every request.
const STORE_TIMEOUT_MS = 250;
const STORE_RETRY_MS = 5000;

export const RATE_LIMIT_HEADER = 'RateLimit';
export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy';

type PolicyName = 'token' | 'workspace' | 'address';
type Limiter = Pick<RateLimiterMemory, 'consume' | 'reward'>;

// Token digests identity accepted lately (on this replica): their requests skip the address
// charge that an unknown token pays. Bounded; the oldest seen goes first.
const KNOWN_TOKENS = 10_000;

interface Policy {
  name: PolicyName;
  quota: number;
  limiter: Limiter;
}

function policyItem(policy: Policy): string {
  return `"${policy.name}";q=${policy.quota};w=${WINDOW_SECONDS}`;
}

function secondsUntil(result: RateLimiterRes): number {
  return Math.max(0, Math.ceil(result.msBeforeNext / 1000));
}

// One item of the RateLimit field: what is left of the policy's quota and in how many seconds the
// window starts again.
function remainingItem(name: PolicyName, result: RateLimiterRes): string {
  return `"${name}";r=${result.remainingPoints};t=${secondsUntil(result)}`;
}

// req.ip honours the gateway's `trust proxy` setting (TRUST_PROXY_HOPS), so behind an ingress the
// client's own address is counted, not the ingress's; IPv6 addresses count by their /56.
function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

export interface RateLimitRequest extends Request {
  // What the operation costs against the limits.
  cost?: number;
  // What the token's policy answered, to compare with the workspace's.
  tokenLimit?: RateLimiterRes;
  // The bearer token's digest: the token policy's key, and how a known token is recognised.
  tokenDigest?: string;
  // A unit of the client address's quota was taken before asking identity about an unknown token;
  // it is given back when identity accepts the token.
  addressCharged?: boolean;
}

const COSTS = new OperationTable(Object.entries(OPERATION_COSTS));

// What a request costs (path relative to /v1): the operation's declared cost, or 1.
export function operationCost(method: string, path: string): number {
  return COSTS.lookup(method, path) ?? DEFAULT_OPERATION_COST;
}

export class RateLimits {
  readonly token: Policy;
  readonly workspace: Policy;
  readonly address: Policy;
  // The RateLimit-Policy fields, built once: with a workspace, for a token only (a person before
  // onboarding, or before authentication), and for the public paths.
  private readonly authenticatedPolicies: string;
  private readonly tokenPolicies: string;
  private readonly publicPolicies: string;
  // A token this replica has not seen accepted: the token's policy and the client address's.
  private readonly unknownTokenPolicies: string;
  private readonly knownTokens = new Set<string>();
  private readonly close: () => Promise<void>;
  private indexRetry: NodeJS.Timeout | undefined;

  constructor(options: RateLimitOptions, logger: Logger) {
    let limiterFor: (name: PolicyName, quota: number) => Limiter;
    let first: RateLimiterMongo | undefined;
    const store = options.store;
    if (store === undefined) {
      limiterFor = (name, quota) => new RateLimiterMemory({ keyPrefix: name, points: quota, duration: WINDOW_SECONDS });
      this.close = async () => undefined;
    } else {
      let client: { db(name: string): unknown };
      let closeClient: () => Promise<void> = async () => undefined;
      if ('mongoUrl' in store) {
        // Connecting goes on in the background: until the store answers, requests are counted
        // here (below), so a gateway starts and serves while its store is away.
        const connection = mongoose.createConnection(store.mongoUrl, { serverSelectionTimeoutMS: 2000 });
        connection.on('error', (error: Error) =>
          logger.warn({ reason: error.message }, 'rate limit store unavailable'),
        );
        connection.asPromise().catch(() => undefined);
        client = connection.getClient();
        closeClient = () => connection.close();
      } else {
        client = store.mongoClient;
      }
      this.close = async () => {
        clearTimeout(this.indexRetry);
        await closeClient();
      };
      const dbName = store.dbName ?? RATE_LIMIT_DATABASE;
      limiterFor = (name, quota) => {
        const shared = new RateLimiterMongo({
          storeClient: client,
          dbName,
          tableName: 'rate_limits',
          keyPrefix: name,
          points: quota,
          duration: WINDOW_SECONDS,
          // A key past its quota is refused here until its window ends, without asking the store.
          inMemoryBlockOnConsumed: quota,
          // Created below, again until the store takes them: the library tries once only.
          disableIndexesCreation: true,
        });
        first ??= shared;
        return new SharedLimiter(
          shared,
          new RateLimiterMemory({ keyPrefix: name, points: quota, duration: WINDOW_SECONDS }),
          name,
          options.storeTimeoutMs ?? STORE_TIMEOUT_MS,
          logger,
        );
      };
    }
    const policy = (name: PolicyName, quota: number): Policy => ({ name, quota, limiter: limiterFor(name, quota) });
    this.token = policy('token', options.perTokenPerMinute);
    this.workspace = policy('workspace', workspaceQuota(options));
    this.address = policy('address', options.publicPerMinute);
    this.authenticatedPolicies = `${policyItem(this.workspace)}, ${policyItem(this.token)}`;
    this.tokenPolicies = policyItem(this.token);
    this.publicPolicies = policyItem(this.address);
    this.unknownTokenPolicies = `${policyItem(this.token)}, ${policyItem(this.address)}`;
    if (first !== undefined) this.ensureIndexes(first, logger);
  }

  // The policies share one collection: a unique index on the key, so replicas starting a window
  // at the same moment make one document, and a TTL index that removes a window's document once
  // it has ended. A gateway that starts while its store is away creates them when it returns.
  private ensureIndexes(limiter: RateLimiterMongo, logger: Logger): void {
    limiter.createIndexes().then(
      () => undefined,
      (error: unknown) => {
        logger.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'rate limit store indexes not created yet',
        );
        this.indexRetry = setTimeout(() => this.ensureIndexes(limiter, logger), STORE_RETRY_MS);
        this.indexRetry.unref();
      },
    );
  }

  // Before authentication, so a flood of bad tokens never reaches identity: the token's policy,
  // keyed by the token's digest (the limit follows the caller, not their address; a request
  // without a token is refused as unauthenticated right after, so its address is as good a key).
  // A token this replica has not seen identity accept also takes a unit of its client address's
  // quota before identity is asked (given back once identity accepts it): a caller who makes up a
  // new token for each request gets a fresh token quota every time, but not a fresh address.
  perToken(req: RateLimitRequest, res: Response, next: (error?: unknown) => void): void {
    const header = req.headers.authorization;
    const key = header ? createHash('sha256').update(header).digest('base64url') : clientAddress(req);
    res.setHeader(RATE_LIMIT_POLICY_HEADER, this.tokenPolicies);
    this.token.limiter.consume(key, Math.min(req.cost ?? DEFAULT_OPERATION_COST, this.token.quota)).then(
      (result) => {
        req.tokenLimit = result;
        res.setHeader(RATE_LIMIT_HEADER, remainingItem('token', result));
        if (!header) {
          next();
          return;
        }
        req.tokenDigest = key;
        if (this.knownTokens.has(key)) {
          next();
          return;
        }
        res.setHeader(RATE_LIMIT_POLICY_HEADER, this.unknownTokenPolicies);
        this.address.limiter.consume(clientAddress(req), 1).then(
          (address) => {
            req.addressCharged = true;
            if (address.remainingPoints < result.remainingPoints)
              res.setHeader(RATE_LIMIT_HEADER, remainingItem('address', address));
            next();
          },
          (rejection: unknown) => next(refusal('address', res, rejection)),
        );
      },
      (rejection: unknown) => next(refusal('token', res, rejection)),
    );
  }

  // Identity accepted the token: its later requests skip the address charge, and this one's is
  // given back.
  tokenAccepted(req: RateLimitRequest): void {
    const key = req.tokenDigest;
    if (key === undefined) return;
    this.knownTokens.delete(key);
    this.knownTokens.add(key);
    if (this.knownTokens.size > KNOWN_TOKENS) this.knownTokens.delete(this.knownTokens.values().next().value!);
    this.tokenUnanswered(req);
  }

  // Identity gave no verdict (it is away): the unit taken for the address is given back.
  tokenUnanswered(req: RateLimitRequest): void {
    if (!req.addressCharged) return;
    req.addressCharged = false;
    this.address.limiter.reward(clientAddress(req), 1).catch(() => undefined);
  }

  // Identity refused the token: a token it accepted before (revoked or expired since) is no
  // longer known, and its request takes the address unit it skipped.
  tokenRefused(req: RateLimitRequest): void {
    const key = req.tokenDigest;
    if (key === undefined || req.addressCharged) return;
    if (this.knownTokens.delete(key)) {
      req.addressCharged = true;
      // The request is refused as unauthenticated whatever this answers.
      this.address.limiter.consume(clientAddress(req), 1).catch(() => undefined);
    }
  }

  // The public paths, per client address.
  perAddress(req: RateLimitRequest, res: Response, next: (error?: unknown) => void): void {
    res.setHeader(RATE_LIMIT_POLICY_HEADER, this.publicPolicies);
    this.address.limiter
      .consume(clientAddress(req), Math.min(req.cost ?? DEFAULT_OPERATION_COST, this.address.quota))
      .then(
        (result) => {
          res.setHeader(RATE_LIMIT_HEADER, remainingItem('address', result));
          next();
        },
        (rejection: unknown) => next(refusal('address', res, rejection)),
      );
  }

  // After authentication, with the workspace the claims name. Resolves, or rejects with 429.
  // RateLimit then names whichever policy is nearer to exhaustion: the one with fewer quota units
  // left (on a tie, the one that resets later).
  async perWorkspace(req: RateLimitRequest, res: Response, workspaceId: string): Promise<void> {
    res.setHeader(RATE_LIMIT_POLICY_HEADER, this.authenticatedPolicies);
    let result: RateLimiterRes;
    try {
      result = await this.workspace.limiter.consume(
        workspaceId,
        Math.min(req.cost ?? DEFAULT_OPERATION_COST, this.workspace.quota),
      );
    } catch (rejection) {
      throw refusal('workspace', res, rejection);
    }
    const token = req.tokenLimit;
    if (
      token === undefined ||
      result.remainingPoints < token.remainingPoints ||
      (result.remainingPoints === token.remainingPoints && result.msBeforeNext > token.msBeforeNext)
    ) {
      res.setHeader(RATE_LIMIT_HEADER, remainingItem('workspace', result));
    }
  }

  stop(): Promise<void> {
    return this.close();
  }
}

// Counters in the shared store; while it fails or is slow (STORE_TIMEOUT_MS), in this replica's
// memory, trying the store again every STORE_RETRY_MS (docs/rate-limits.md, "When the store is
// unreachable").
class SharedLimiter {
  private degradedUntil = 0;

  constructor(
    private readonly shared: Limiter,
    private readonly local: Limiter,
    private readonly name: PolicyName,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  consume(key: string | number, points: number): Promise<RateLimiterRes> {
    if (this.degradedUntil !== 0) {
      if (Date.now() < this.degradedUntil) return this.local.consume(key, points);
      this.degradedUntil = 0;
      this.logger.info({ policy: this.name }, 'rate limit store tried again');
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([this.shared.consume(key, points), timeout]).then(
      (result) => {
        clearTimeout(timer);
        return result;
      },
      (rejection: unknown) => {
        clearTimeout(timer);
        if (rejection instanceof RateLimiterRes) throw rejection;
        if (this.degradedUntil === 0) {
          this.logger.warn(
            { policy: this.name, reason: (rejection as Error).message },
            'rate limit store unavailable: counting in this replica',
          );
        }
        this.degradedUntil = Date.now() + STORE_RETRY_MS;
        return this.local.consume(key, points);
      },
    );
  }

  // Gives units back where they were counted: in the store, or here while it is away.
  reward(key: string | number, points: number): Promise<RateLimiterRes> {
    if (this.degradedUntil !== 0 && Date.now() < this.degradedUntil) return this.local.reward(key, points);
    return this.shared.reward(key, points);
  }
}

// 429 with the policy that refused, its RateLimit item (nothing left) and Retry-After: when its
// window starts again. Anything but a refusal is a fault of the limiter itself: with the store's
// failures already counted in memory, that is a bug, and the request is answered 500.
function refusal(name: PolicyName, res: Response, rejection: unknown): unknown {
  if (!(rejection instanceof RateLimiterRes)) return rejection;
  const seconds = Math.max(1, secondsUntil(rejection));
  res.setHeader(RATE_LIMIT_HEADER, `"${name}";r=0;t=${seconds}`);
  return new AppError('rate_limited', `too many requests for this ${name}, retry in ${seconds} s`, 429, {
    'Retry-After': String(seconds),
  });
}
