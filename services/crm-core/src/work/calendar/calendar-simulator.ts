import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { CALENDAR_PROVIDERS, type CalendarProviderName } from '../meetings/meeting.model';
import type { ProviderEndpoints } from './calendar-config';

// The calendar providers of the embedded mode: one local HTTP server, in the service's process,
// that plays both providers as the HTTP adapter reaches them: an authorisation page (a form to
// sign in as any email and allow or deny), the token endpoint (codes used once, refresh
// tokens), userinfo, each provider's events API (an events store in memory) and join links.
// Nothing leaves the machine.

export interface SimulatedEvent {
  id: string;
  provider: CalendarProviderName;
  account_email: string;
  title: string;
  location: string | null;
  notes: string | null;
  starts_at: string;
  ends_at: string;
  attendees: string[];
  online_meeting: boolean;
  join_url: string | null;
  status: 'confirmed' | 'cancelled';
  // How many times invitations (or updates, or a cancellation) went to the attendees.
  invitations_sent: number;
}

// What a test may make the simulated provider do: answer its events API with this status.
export interface SimulatedOutage {
  status: number;
  message: string;
}

interface Grant {
  provider: CalendarProviderName;
  email: string;
  redirect_uri: string;
  expires_at: number;
}

const CODE_LIFETIME_MS = 60_000;
const ACCESS_LIFETIME_S = 3600;
const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class CalendarSimulator {
  private server?: Server;
  private starting?: Promise<string>;
  private base = '';
  private readonly codes = new Map<string, Grant>();
  private readonly accessTokens = new Map<
    string,
    { provider: CalendarProviderName; email: string; expires_at: number }
  >();
  private readonly refreshTokens = new Map<string, { provider: CalendarProviderName; email: string }>();
  private readonly store = new Map<string, SimulatedEvent>();
  private readonly outages = new Map<CalendarProviderName, SimulatedOutage>();
  // Every call to an events API, failed ones too, for tests to count attempts.
  readonly calls: Array<{ provider: CalendarProviderName; method: string; path: string; status: number }> = [];

  constructor(private readonly options: { host: string; port: number; publicUrl?: string }) {}

  // The address it listens at, starting it on first use.
  url(): Promise<string> {
    this.starting ??= this.listen();
    return this.starting;
  }

  async endpoints(provider: CalendarProviderName): Promise<ProviderEndpoints> {
    const base = await this.url();
    return {
      clientId: `simulated-${provider}`,
      clientSecret: `simulated-${provider}-secret`,
      authorizeUrl: `${this.options.publicUrl ?? base}/${provider}/authorize`,
      tokenUrl: `${base}/${provider}/token`,
      userinfoUrl: `${base}/${provider}/userinfo`,
      apiUrl: `${base}/${provider}/api`,
      scopes: 'calendar.events offline_access email',
    };
  }

  events(provider?: CalendarProviderName): SimulatedEvent[] {
    return [...this.store.values()].filter((event) => provider === undefined || event.provider === provider);
  }

  // Makes a provider's events API fail (null: work again).
  setOutage(provider: CalendarProviderName, outage: SimulatedOutage | null): void {
    if (outage) this.outages.set(provider, outage);
    else this.outages.delete(provider);
  }

  // Access tokens stop working, as after their lifetime: the next call must refresh.
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  // The provider forgets an account's grants, as when a person revokes access there.
  revokeGrants(email: string): void {
    for (const [key, grant] of this.refreshTokens) if (grant.email === email) this.refreshTokens.delete(key);
    for (const [key, grant] of this.accessTokens) if (grant.email === email) this.accessTokens.delete(key);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async listen(): Promise<string> {
    const app = express();
    app.disable('x-powered-by');
    app.use(express.urlencoded({ extended: false, limit: '64kb' }));
    app.use(express.json({ limit: '256kb' }));
    for (const provider of CALENDAR_PROVIDERS) this.routes(app, provider);
    app.get('/join/:id', (req, res) => {
      const event = this.store.get(String(req.params.id));
      if (!event?.online_meeting) return void res.status(404).type('text/plain').send('no such meeting');
      res
        .type('html')
        .send(
          `<!doctype html><title>${escapeHtml(event.title)}</title><h1>${escapeHtml(event.title)}</h1><p>Simulated online meeting.</p>`,
        );
    });
    app.use((_req, res) => void res.status(404).json({ error: 'not_found' }));
    const server = await new Promise<Server>((resolve, reject) => {
      const started = app.listen(this.options.port, this.options.host, () => resolve(started));
      started.once('error', reject);
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    // Listening on every interface, it is reached from this process on loopback.
    const host = this.options.host === '0.0.0.0' || this.options.host === '::' ? '127.0.0.1' : this.options.host;
    this.base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return this.base;
  }

  private routes(app: express.Express, provider: CalendarProviderName): void {
    const clientId = `simulated-${provider}`;
    app.get(`/${provider}/authorize`, (req, res) => {
      const query = req.query as Record<string, unknown>;
      if (
        query.client_id !== clientId ||
        typeof query.redirect_uri !== 'string' ||
        typeof query.state !== 'string' ||
        query.response_type !== 'code'
      ) {
        return void res.status(400).type('text/plain').send('invalid authorisation request');
      }
      res
        .type('html')
        .send(
          `<!doctype html><title>Sign in to ${provider} (simulated)</title><h1>Sign in to ${provider}</h1>` +
            `<p>A simulated calendar provider. Sign in as any email to allow access to its calendar.</p>` +
            `<form method="post"><label>Email <input name="email" type="email" value="${escapeHtml(str(query.login_hint) ?? 'me@calendar.test')}"></label>` +
            `<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>`,
        );
    });
    // The form posts to the same address: the authorisation request is in its query.
    app.post(`/${provider}/authorize`, (req, res) => {
      const query = req.query as Record<string, unknown>;
      const body = obj(req.body);
      const redirect = str(query.redirect_uri);
      if (query.client_id !== clientId || !redirect || typeof query.state !== 'string')
        return void res.status(400).type('text/plain').send('invalid authorisation request');
      const target = new URL(redirect);
      target.searchParams.set('state', query.state);
      const email = str(body.email)?.trim().toLowerCase();
      if (body.decision === 'deny' || !email) {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = token('code');
        this.codes.set(code, { provider, email, redirect_uri: redirect, expires_at: Date.now() + CODE_LIFETIME_MS });
        target.searchParams.set('code', code);
      }
      res.redirect(302, target.toString());
    });
    app.post(`/${provider}/token`, (req, res) => {
      const body = obj(req.body);
      if (body.client_id !== clientId || body.client_secret !== `simulated-${provider}-secret`)
        return void res.status(401).json({ error: 'invalid_client' });
      let email: string;
      if (body.grant_type === 'authorization_code') {
        const grant = this.codes.get(String(body.code));
        // A code works once, before it expires, with the redirect it was issued for.
        this.codes.delete(String(body.code));
        if (
          !grant ||
          grant.provider !== provider ||
          grant.expires_at < Date.now() ||
          grant.redirect_uri !== body.redirect_uri
        ) {
          return void res
            .status(400)
            .json({ error: 'invalid_grant', error_description: 'the code is unknown, used or expired' });
        }
        email = grant.email;
        const refresh = token('refresh');
        this.refreshTokens.set(refresh, { provider, email });
        return void res.json({ ...this.issueAccess(provider, email), refresh_token: refresh });
      }
      if (body.grant_type === 'refresh_token') {
        const grant = this.refreshTokens.get(String(body.refresh_token));
        if (!grant || grant.provider !== provider)
          return void res
            .status(400)
            .json({ error: 'invalid_grant', error_description: 'the refresh token was revoked' });
        return void res.json(this.issueAccess(provider, grant.email));
      }
      res.status(400).json({ error: 'unsupported_grant_type' });
    });
    app.get(`/${provider}/userinfo`, (req, res) => {
      const account = this.account(req, provider);
      if (!account) return void res.status(401).json({ error: 'invalid_token' });
      res.json(provider === 'provider_a' ? { email: account } : { mail: account, userPrincipalName: account });
    });
    const api = `/${provider}/api`;
    const write =
      (handler: (req: Request, res: Response, account: string) => void) => (req: Request, res: Response) => {
        const outage = this.outages.get(provider);
        const account = this.account(req, provider);
        const status = outage ? outage.status : account ? 200 : 401;
        this.calls.push({ provider, method: req.method, path: req.path.slice(api.length), status });
        if (outage) return void res.status(outage.status).json({ error: { message: outage.message } });
        if (!account) return void res.status(401).json({ error: { message: 'invalid or expired access token' } });
        handler(req, res, account);
      };
    // provider_b keeps no cancelled events: they cannot be changed or cancelled again.
    const owned = (req: Request, res: Response, account: string): SimulatedEvent | undefined => {
      const event = this.store.get(String(req.params.id));
      if (
        !event ||
        event.provider !== provider ||
        event.account_email !== account ||
        (provider === 'provider_b' && event.status === 'cancelled')
      ) {
        res.status(404).json({ error: { message: 'event not found' } });
        return undefined;
      }
      return event;
    };
    if (provider === 'provider_a') {
      app.post(
        `${api}/calendars/primary/events`,
        write((req, res, account) =>
          res.json(this.answerA(this.save(provider, account, readA(req.body), req.query.sendUpdates === 'all'))),
        ),
      );
      app.patch(
        `${api}/calendars/primary/events/:id`,
        write((req, res, account) => {
          const event = owned(req, res, account);
          if (!event) return;
          const invite = req.query.sendUpdates === 'all';
          if (obj(req.body).status === 'cancelled') {
            Object.assign(event, { status: 'cancelled', invitations_sent: event.invitations_sent + (invite ? 1 : 0) });
            return void res.json(this.answerA(event));
          }
          res.json(this.answerA(this.save(provider, account, readA(req.body), invite, event)));
        }),
      );
    } else {
      app.post(
        `${api}/me/events`,
        write((req, res, account) =>
          res.json(this.answerB(this.save(provider, account, readB(req.body), readB(req.body).attendees.length > 0))),
        ),
      );
      app.patch(
        `${api}/me/events/:id`,
        write((req, res, account) => {
          const event = owned(req, res, account);
          if (!event) return;
          const fields = readB(req.body);
          res.json(this.answerB(this.save(provider, account, fields, fields.attendees.length > 0, event)));
        }),
      );
      app.post(
        `${api}/me/events/:id/cancel`,
        write((req, res, account) => {
          const event = owned(req, res, account);
          if (!event) return;
          Object.assign(event, { status: 'cancelled', invitations_sent: event.invitations_sent + 1 });
          res.status(202).end();
        }),
      );
      app.delete(
        `${api}/me/events/:id`,
        write((req, res, account) => {
          const event = owned(req, res, account);
          if (!event) return;
          event.status = 'cancelled';
          res.status(204).end();
        }),
      );
    }
  }

  private issueAccess(provider: CalendarProviderName, email: string) {
    const access = token('access');
    this.accessTokens.set(access, { provider, email, expires_at: Date.now() + ACCESS_LIFETIME_S * 1000 });
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_LIFETIME_S };
  }

  private account(req: Request, provider: CalendarProviderName): string | null {
    const header = req.headers.authorization ?? '';
    const grant = this.accessTokens.get(header.replace(/^Bearer /, ''));
    return grant && grant.provider === provider && grant.expires_at > Date.now() ? grant.email : null;
  }

  private save(
    provider: CalendarProviderName,
    account: string,
    fields: EventFields,
    invite: boolean,
    existing?: SimulatedEvent,
  ): SimulatedEvent {
    const id = existing?.id ?? token('evt');
    const event: SimulatedEvent = {
      id,
      provider,
      account_email: account,
      ...fields,
      join_url: fields.online_meeting ? `${this.options.publicUrl ?? this.base}/join/${id}` : null,
      status: 'confirmed',
      invitations_sent: (existing?.invitations_sent ?? 0) + (invite && fields.attendees.length > 0 ? 1 : 0),
    };
    this.store.set(id, event);
    return event;
  }

  private answerA(event: SimulatedEvent) {
    return {
      id: event.id,
      status: event.status,
      summary: event.title,
      ...(event.join_url
        ? {
            hangoutLink: event.join_url,
            conferenceData: { entryPoints: [{ entryPointType: 'video', uri: event.join_url }] },
          }
        : {}),
    };
  }

  private answerB(event: SimulatedEvent) {
    return {
      id: event.id,
      subject: event.title,
      isOnlineMeeting: event.online_meeting,
      onlineMeeting: event.join_url ? { joinUrl: event.join_url } : null,
    };
  }
}

type EventFields = Pick<
  SimulatedEvent,
  'title' | 'location' | 'notes' | 'starts_at' | 'ends_at' | 'attendees' | 'online_meeting'
>;

function readA(input: unknown): EventFields {
  const body = obj(input);
  return {
    title: str(body.summary) ?? '',
    location: str(body.location),
    notes: str(body.description),
    starts_at: str(obj(body.start).dateTime) ?? '',
    ends_at: str(obj(body.end).dateTime) ?? '',
    attendees: (Array.isArray(body.attendees) ? body.attendees : [])
      .map((attendee) => str(obj(attendee).email))
      .filter((email): email is string => email !== null),
    online_meeting: body.conferenceData !== null && body.conferenceData !== undefined,
  };
}

function readB(input: unknown): EventFields {
  const body = obj(input);
  return {
    title: str(body.subject) ?? '',
    location: str(obj(body.location).displayName),
    notes: str(obj(body.body).content),
    starts_at: str(obj(body.start).dateTime) ?? '',
    ends_at: str(obj(body.end).dateTime) ?? '',
    attendees: (Array.isArray(body.attendees) ? body.attendees : [])
      .map((attendee) => str(obj(obj(attendee).emailAddress).address))
      .filter((email): email is string => email !== null),
    online_meeting: body.isOnlineMeeting === true,
  };
}
