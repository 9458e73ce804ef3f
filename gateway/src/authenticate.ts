import { createHash } from 'node:crypto';
import type { ClientDuplexStream } from '@grpc/grpc-js';
import {
  AppError,
  claimsFromAuthentication,
  continueTrace,
  currentContext,
  insecureCredentials,
  newId,
  remoteAppError,
  runWithContext,
  unavailable,
  type ClientOptions,
  type InternalClaims,
} from '@crm/kit';
import { identityV1 } from '@crm/protos';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;
const AUTHENTICATE_DEADLINE_MS = 2000;
// A stream is replaced well before the service token it was opened with expires (60 s, plus the
// 30 s allowed for clocks; identity ends the stream then), so no question goes on a stream about
// to end.
const STREAM_LIFETIME_MS = 20_000;
// A deadline timer this late found the event loop held up (a long collection, a starved CPU).
const LATE_MS = 100;
// Request ids on a stream are unsigned 32-bit; 0 is identity's, on its notices.
const MAX_REQUEST_ID = 0xffff_ffff;
// Answers kept at most (one per token); all are dropped when more would be.
const MAX_KEPT = 10_000;

export function bearerToken(header: string | undefined): string {
  const match = header ? BEARER.exec(header) : null;
  if (!match) throw new AppError('unauthenticated', 'missing or malformed Authorization: Bearer token');
  return match[1];
}

type Answer = identityV1.AuthenticateResponse;

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  // The asking token: an answer identity lets the gateway keep is kept under its digest.
  token: string;
}

// The deadline counts time the gateway could run. Node runs expired timers before the I/O that
// arrived while its event loop was held up, so a timer that fires late may find identity's answer
// unread behind it, or (identity in the same process) its question not yet handled: the lateness
// is granted once more before the question fails.
function deadline(waiting: Waiting, ms: number, expired: () => void): void {
  let due = Date.now() + ms;
  let extended = false;
  const check = () => {
    const late = Date.now() - due;
    if (late > LATE_MS && !extended) {
      extended = true;
      due = Date.now() + late;
      waiting.timer = setTimeout(check, late);
    } else expired();
  };
  waiting.timer = setTimeout(check, ms);
}

interface OpenStream {
  call: ClientDuplexStream<identityV1.AuthenticateStreamRequest, identityV1.AuthenticateStreamResponse>;
  openedAt: number;
  waiting: Map<number, Waiting>;
  // The newest generation identity has told on this stream, in an answer or a notice.
  generation: number;
}

interface Kept {
  answer: Answer;
  stream: OpenStream;
  generation: number;
  until: number;
}

// Tokens are kept only as digests, never as they are.
const digestOf = (token: string) => createHash('sha256').update(token).digest('base64url');

// Asks identity who the token belongs to. Identity answers from a cache that its own writes
// invalidate, so a revoked key or session fails on the very next request.
//
// The questions go on one long-lived AuthenticateStream (protos/crm/identity/v1), each with an id
// its answer carries: a unary call costs several times more CPU on both sides, and keeps a
// stream's objects alive until the next full collection. A stream is replaced every
// STREAM_LIFETIME_MS; one that fails (identity restarting, say) fails the questions it holds as
// `unavailable` (503), as their calls would have, and the next question opens a new one.
//
// Requests with the same token that arrive in the same turn of the event loop share one question,
// sent once they have all arrived (on the next setImmediate). Identity answers it after every one
// of them was received, so a revocation answered before any of them arrived still refuses it: the
// same guarantee as one question each, for one instead of many under load.
//
// Where identity keeps its answers (one identity, AUTHENTICATION_CACHE: `npm start`), it lets the
// gateway keep them too, each with identity's generation, and tells every new generation on the
// stream at once: a kept answer serves the token's next requests, without a question, while the
// stream it came on is the open one, no newer generation has been told on it, and its session or
// key has not expired. That keeps authentication off identity's event loop, which a catch-up
// keeps busy. A write answered by identity through this gateway (forget()) drops every kept
// answer and replaces the stream before the client hears the answer, so a revocation refuses the
// very next request whatever the order in which identity's notice and answer arrive here;
// identity's other writes (from events, or through another gateway) reach this gateway with the
// notice, in the moment the write commits. Refusals are never kept.
export class Authenticator {
  private readonly client: identityV1.IdentityServiceClient;
  private readonly gathering = new Map<string, Promise<Answer>>();
  private readonly kept = new Map<string, Kept>();
  private stream: OpenStream | undefined;
  private lastId = 0;

  private readonly streamLifetimeMs: number;
  private readonly deadlineMs: number;

  // `clientOptions` make every call carry the gateway's service token (grpcClientOptions).
  constructor(
    identityGrpcAddress: string,
    clientOptions: Partial<ClientOptions>,
    timing: { streamLifetimeMs?: number; deadlineMs?: number } = {},
  ) {
    this.streamLifetimeMs = timing.streamLifetimeMs ?? STREAM_LIFETIME_MS;
    this.deadlineMs = timing.deadlineMs ?? AUTHENTICATE_DEADLINE_MS;
    this.client = new identityV1.IdentityServiceClient(identityGrpcAddress, insecureCredentials(), clientOptions);
  }

  async authenticate(token: string): Promise<InternalClaims> {
    // Nothing is kept where identity keeps nothing (several replicas): no digest to compute then.
    if (this.kept.size > 0) {
      const digest = digestOf(token);
      const kept = this.kept.get(digest);
      if (kept) {
        if (this.holds(kept, Date.now())) return claimsFromAuthentication(kept.answer);
        this.kept.delete(digest);
      }
    }
    let answer = this.gathering.get(token);
    if (!answer) {
      const context = currentContext();
      answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        // Whoever arrives from now on is after the question was sent: they ask the next one.
        this.gathering.delete(token);
        return this.ask(token, context?.request_id ?? newId(), context?.traceparent);
      });
      this.gathering.set(token, answer);
    }
    // Each request gets claims of its own, never an object another request holds.
    return claimsFromAuthentication(await answer);
  }

  // Identity has answered a write through this gateway: before the client hears of it, no kept
  // answer holds any more and questions go on a new stream (answers still arriving on the old one
  // are not kept).
  forget(): void {
    this.kept.clear();
    if (!this.stream) return;
    this.stream.call.end();
    this.stream = undefined;
  }

  async ping(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.client.waitForReady(Date.now() + AUTHENTICATE_DEADLINE_MS, (error) => (error ? reject(error) : resolve())),
    );
  }

  close(): void {
    if (this.stream) this.fail(this.stream, 'the gateway is stopping');
    this.client.close();
  }

  private ask(token: string, requestId: string, traceparent: string | undefined): Promise<Answer> {
    const stream = this.openStream();
    this.lastId = this.lastId >= MAX_REQUEST_ID ? 1 : this.lastId + 1;
    const id = this.lastId;
    return new Promise<Answer>((resolve, reject) => {
      const waiting: Waiting = { resolve, reject, timer: undefined, token };
      deadline(waiting, this.deadlineMs, () => {
        stream.waiting.delete(id);
        reject(unavailable('a dependency is not reachable'));
      });
      stream.waiting.set(id, waiting);
      // Identity's span for this question is a child of the request's, as a call's would be.
      stream.call.write({ id, token, request_id: requestId, traceparent: continueTrace(traceparent) });
    });
  }

  // The stream questions go on: the open one while it is young, else a new one. The one it
  // replaces is half-closed: identity answers what it still holds, then ends it.
  private openStream(): OpenStream {
    const now = Date.now();
    if (this.stream && now - this.stream.openedAt < this.streamLifetimeMs) return this.stream;
    this.stream?.call.end();
    // The stream belongs to no one request: its service token carries an id of its own.
    const call = runWithContext({ request_id: newId(), workspace_id: null }, () => this.client.authenticateStream());
    const opened: OpenStream = { call, openedAt: now, waiting: new Map(), generation: 0 };
    call.on('data', (message: identityV1.AuthenticateStreamResponse) => {
      if (message.generation !== undefined && message.generation > opened.generation)
        opened.generation = message.generation;
      const waiting = opened.waiting.get(message.id);
      if (!waiting) return;
      opened.waiting.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.authenticated) {
        this.keep(opened, waiting.token, message);
        waiting.resolve(message.authenticated);
      } else if (message.error)
        waiting.reject(remoteAppError(message.error.code, message.error.message, message.error.http_status));
      else waiting.reject(new AppError('internal', 'internal error'));
    });
    // Whatever status ends it, nothing more is answered on it.
    call.on('error', () => this.fail(opened, 'identity ended the stream'));
    call.on('status', () => this.fail(opened, 'identity ended the stream'));
    this.stream = opened;
    return opened;
  }

  // A kept answer holds while its stream is the open one and young (so it is replaced, and its
  // answers asked again, before identity would end it), no newer generation has been told on it,
  // and its session or key has not expired.
  private holds(kept: Kept, now: number): boolean {
    const { stream } = kept;
    return (
      stream === this.stream &&
      now - stream.openedAt < this.streamLifetimeMs &&
      kept.generation === stream.generation &&
      now < kept.until
    );
  }

  // An answer identity lets the gateway keep, if it holds as it arrives (a newer generation told
  // before it, or a stream replaced meanwhile, and it never will).
  private keep(stream: OpenStream, token: string, message: identityV1.AuthenticateStreamResponse): void {
    const { authenticated, generation, keep_until_ms: until } = message;
    if (!authenticated || generation === undefined || until === undefined) return;
    const kept: Kept = { answer: authenticated, stream, generation, until };
    if (!this.holds(kept, Date.now())) return;
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(digestOf(token), kept);
  }

  private fail(stream: OpenStream, reason: string): void {
    if (this.stream === stream) {
      this.stream = undefined;
      stream.call.cancel();
    }
    for (const waiting of stream.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(unavailable(`a dependency is not reachable (${reason})`));
    }
    stream.waiting.clear();
  }
}
