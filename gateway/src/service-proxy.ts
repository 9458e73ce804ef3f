import { Agent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { AppError, type Logger } from '@crm/kit';

// Forwards a request the gateway has authenticated to the service that owns it and streams the
// answer back. A plain `http.request` on a kept-alive connection: the general-purpose proxy
// library it replaces cost more per request (event plumbing, option merging, header passes)
// than everything else the gateway does apart from authentication.
export interface ServiceProxyOptions {
  service: string;
  // The service's base URL (`http://identity:3000`); the request keeps its own path and query.
  target: string;
  // How long the service may take to start answering before the client gets 503.
  timeoutMs: number;
  logger: Logger;
}

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
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

// Connections to the services are kept and reused: opening one per request cost more than the
// request itself. An idle one is dropped after 4 s, before the service's own 5 s keep-alive
// timeout, so a request is never sent on a socket the service is closing.
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 4000 };

export class ServiceProxy {
  private readonly agent: Agent;
  private readonly send: typeof httpRequest;
  private readonly hostname: string;
  private readonly port: number;
  private readonly basePath: string;
  private readonly unavailableBody: string;

  constructor(private readonly options: ServiceProxyOptions) {
    // Parsed once, not per request.
    const url = new URL(options.target);
    const secure = url.protocol === 'https:';
    this.agent = secure ? new HttpsAgent(AGENT_OPTIONS) : new Agent(AGENT_OPTIONS);
    this.send = secure ? httpsRequest : httpRequest;
    this.hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(url.port || (secure ? 443 : 80));
    this.basePath = url.pathname.replace(/\/$/, '');
    this.unavailableBody = JSON.stringify(new AppError('unavailable', `${options.service} is unavailable, try again shortly`).toBody());
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

    const upstream = this.send({
      agent: this.agent,
      hostname: this.hostname,
      port: this.port,
      method: req.method,
      path: `${this.basePath}${req.url ?? '/'}`,
      headers: outgoing,
    });
    let answered = false;
    upstream.setTimeout(this.options.timeoutMs, () => upstream.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)));
    upstream.once('response', (answer: IncomingMessage) => {
      answered = true;
      upstream.setTimeout(0);
      const answerHeaders = answer.headers;
      for (const name in answerHeaders) {
        if (!HOP_BY_HOP.has(name)) res.setHeader(name, answerHeaders[name]!);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
      answer.pipe(res);
      // A service that drops the connection mid-answer: the client's is cut too, never left hanging.
      answer.once('aborted', () => res.destroy());
    });
    upstream.once('error', (error: Error) => this.failed(error, res, requestId, answered));
    // A client that goes away stops the work it asked for.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (streamed) {
      // A client that stops sending mid-body cuts the upload short at the service too.
      req.once('aborted', () => upstream.destroy(new Error('the client stopped sending')));
      req.pipe(upstream);
    } else upstream.end(body && body.length > 0 ? body : undefined);
  }

  close(): void {
    this.agent.destroy();
  }

  private failed(error: Error, res: ServerResponse, requestId: string, answered: boolean): void {
    if (res.destroyed) return;
    this.options.logger.warn({ err: error, service: this.options.service, request_id: requestId }, 'service unavailable');
    if (answered || res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
    res.end(this.unavailableBody);
  }
}
