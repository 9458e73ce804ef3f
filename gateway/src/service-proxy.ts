import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware';
import { AppError, type Logger } from '@crm/kit';

// Forwards a request the gateway has authenticated to the service that owns it and streams the
// answer back, through http-proxy-middleware on kept-alive connections. The gateway hands it the
// cleaned headers and the body it has already read; everything per service is built once.
export interface ServiceProxyOptions {
  service: string;
  // The service's base URL (`http://identity:3000`); the request keeps its own path and query.
  target: string;
  // How long the service may take to start answering before the client gets 503.
  timeoutMs: number;
  logger: Logger;
  // Called when the service has answered a request that may have changed something (any method
  // but GET, HEAD and OPTIONS), before the answer goes on to the client.
  onWriteAnswered?: () => void;
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ForwardedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  // Headers to send: the client's, already cleaned of anything internal, identifying or
  // hop-by-hop; the length of the body is set here.
  headers: OutgoingHttpHeaders;
  // The body the gateway has read (and checked), if any.
  body: Buffer | undefined;
  // The body was not read: it is passed on as it arrives (file uploads), with the client's length.
  streamed?: boolean;
  requestId: string;
}

// Hop-by-hop headers (RFC 9110 section 7.6.1) describe one connection, not the message: they
// are not passed on in either direction. Bodies travel with their length or in Node's chunks.
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// Connections to the services are kept and reused: opening one per request cost more than the
// request itself. An idle one is dropped after 4 s, before the service's own 5 s keep-alive
// timeout, so a request is never sent on a socket the service is closing.
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 4000 };

interface Pending {
  body: Buffer | undefined;
  streamed: boolean;
  requestId: string;
}

export class ServiceProxy {
  private readonly agent: Agent;
  private readonly middleware: RequestHandler<IncomingMessage, ServerResponse>;
  private readonly unavailableBody: string;
  // What forward() was given for a request, read back in the proxy's events.
  private readonly pending = new WeakMap<IncomingMessage, Pending>();

  constructor(private readonly options: ServiceProxyOptions) {
    const secure = new URL(options.target).protocol === 'https:';
    this.agent = secure ? new HttpsAgent(AGENT_OPTIONS) : new Agent(AGENT_OPTIONS);
    this.unavailableBody = JSON.stringify(
      new AppError('unavailable', `${options.service} is unavailable, try again shortly`).toBody(),
    );
    this.middleware = createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: options.target,
      changeOrigin: true,
      agent: this.agent,
      proxyTimeout: options.timeoutMs,
      xfwd: false,
      // Only the event hooks below: the default plugins log and answer errors their own way.
      ejectPlugins: true,
      plugins: [proxyEventsPlugin],
      on: {
        proxyReq: (upstream, req) => {
          const pending = this.pending.get(req);
          // A body the gateway read goes with its length; a streamed one is piped by the proxy.
          if (pending && !pending.streamed && pending.body && pending.body.length > 0) upstream.write(pending.body);
        },
        proxyRes: (answer, req) => {
          for (const name of HOP_BY_HOP) delete answer.headers[name];
          if (options.onWriteAnswered && !READ_METHODS.has(req.method ?? 'GET')) options.onWriteAnswered();
        },
        error: (error, req, res) => this.failed(error, res as ServerResponse, this.pending.get(req)?.requestId ?? ''),
      },
    });
  }

  forward({ req, res, headers, body, streamed, requestId }: ForwardedRequest): void {
    const outgoing = headers;
    // A streamed body keeps the client's length; without one Node sends it in chunks.
    if (streamed) {
      if (req.headers['content-length'] !== undefined) outgoing['content-length'] = req.headers['content-length'];
    }
    // The body was read in full: it goes with its length, whatever framing the client used.
    else if (body && body.length > 0) outgoing['content-length'] = body.length;
    else if (req.method !== 'GET' && req.method !== 'HEAD') outgoing['content-length'] = 0;
    // The proxy builds the upstream request from the request's own headers: give it the cleaned set.
    req.headers = outgoing as IncomingHttpHeaders;
    this.pending.set(req, { body, streamed: streamed === true, requestId });
    void this.middleware(req, res, (error?: unknown) =>
      this.failed(error instanceof Error ? error : new Error('proxy failed'), res, requestId),
    );
  }

  close(): void {
    this.agent.destroy();
  }

  private failed(error: Error, res: ServerResponse, requestId: string): void {
    if (res.destroyed) return;
    this.options.logger.warn(
      { err: error, service: this.options.service, request_id: requestId },
      'service unavailable',
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
    res.end(this.unavailableBody);
  }
}
