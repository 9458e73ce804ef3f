import type { CalendarProviderName } from '../meetings/meeting.model';
import type { ProviderEndpoints } from './calendar-config';
import { CALENDAR_DIALECTS, type CalendarDialect, type EventRequest } from './calendar-dialects';
import {
  CalendarProviderError,
  type CalendarEventInput,
  type CalendarEventResult,
  type CalendarProvider,
  type ProviderTokens,
} from './calendar-provider';

// A provider over HTTP: OAuth 2.0 (RFC 6749) authorisation code and refresh token grants with
// the client's credentials in the form body, a userinfo endpoint, and the provider's calendar
// API in its dialect. Real providers and the simulated one are reached the same way.

const TIMEOUT_MS = 10_000;
// An access token without expires_in is taken to last this long.
const DEFAULT_TOKEN_LIFETIME_S = 3600;

const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export class HttpCalendarProvider implements CalendarProvider {
  private readonly dialect: CalendarDialect;

  constructor(
    readonly name: CalendarProviderName,
    // A function so the simulated provider's address can be known only once it listens.
    private readonly endpoints: () => Promise<ProviderEndpoints>,
    private readonly now: () => number = Date.now,
  ) {
    this.dialect = CALENDAR_DIALECTS[name];
  }

  async authorizationUrl(input: { state: string; redirectUri: string }): Promise<string> {
    const endpoints = await this.endpoints();
    const url = new URL(endpoints.authorizeUrl);
    const parameters = {
      response_type: 'code',
      client_id: endpoints.clientId,
      redirect_uri: input.redirectUri,
      scope: endpoints.scopes,
      state: input.state,
      ...this.dialect.authorizeParameters,
    };
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    return url.toString();
  }

  exchangeCode(input: { code: string; redirectUri: string }): Promise<ProviderTokens> {
    return this.tokenRequest({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri });
  }

  refresh(refreshToken: string): Promise<ProviderTokens> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async accountEmail(accessToken: string): Promise<string | null> {
    const endpoints = await this.endpoints();
    const answer = await this.send(
      endpoints.userinfoUrl,
      { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
      'reading the signed-in account',
    );
    return this.dialect.email(answer);
  }

  createEvent(accessToken: string, event: CalendarEventInput): Promise<CalendarEventResult> {
    return this.eventRequest(accessToken, this.dialect.create(event), 'creating the event');
  }

  updateEvent(accessToken: string, eventId: string, event: CalendarEventInput): Promise<CalendarEventResult> {
    return this.eventRequest(accessToken, this.dialect.update(eventId, event), 'updating the event');
  }

  async cancelEvent(accessToken: string, eventId: string, sendInvites: boolean): Promise<void> {
    const endpoints = await this.endpoints();
    const request = this.dialect.cancel(eventId, sendInvites);
    await this.send(`${endpoints.apiUrl}${request.path}`, this.init(accessToken, request), 'cancelling the event', {
      goneIsDone: true,
    });
  }

  private async eventRequest(accessToken: string, request: EventRequest, what: string): Promise<CalendarEventResult> {
    const endpoints = await this.endpoints();
    const answer = await this.send(`${endpoints.apiUrl}${request.path}`, this.init(accessToken, request), what);
    const read = this.dialect.read(answer);
    if (!read.event_id) throw new CalendarProviderError(`${this.name} answered ${what} without an event id`, false);
    return { event_id: read.event_id, join_url: read.join_url };
  }

  private init(accessToken: string, request: EventRequest): RequestInit {
    return {
      method: request.method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
    };
  }

  private async tokenRequest(grant: Record<string, string>): Promise<ProviderTokens> {
    const endpoints = await this.endpoints();
    const body = new URLSearchParams({
      ...grant,
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
    });
    const answer = await this.send(
      endpoints.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      },
      grant.grant_type === 'refresh_token' ? 'refreshing the access token' : 'exchanging the sign-in code',
      { oauth: true },
    );
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new CalendarProviderError(`${this.name} answered without an access token`, true);
    const lifetime =
      typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_TOKEN_LIFETIME_S;
    return {
      access_token: answer.access_token,
      ...(typeof answer.refresh_token === 'string' && answer.refresh_token !== ''
        ? { refresh_token: answer.refresh_token }
        : {}),
      expires_at: this.now() + lifetime * 1000,
    };
  }

  // Sends one request and reads its JSON answer. Network failures, timeouts, 429 and 5xx may
  // pass (retried by the caller); other refusals are permanent; 401 and an OAuth invalid_grant
  // mean the stored tokens no longer work.
  private async send(
    url: string,
    init: RequestInit,
    what: string,
    options: { oauth?: boolean; goneIsDone?: boolean } = {},
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new CalendarProviderError(
        `${this.name} could not be reached while ${what} (${error instanceof Error ? error.message : String(error)})`,
        false,
      );
    }
    const text = await response.text();
    let answer: Record<string, unknown>;
    try {
      answer = text ? obj(JSON.parse(text)) : {};
    } catch {
      answer = {};
    }
    if (response.ok) return answer;
    if (options.goneIsDone && (response.status === 404 || response.status === 410)) return {};
    const detail =
      typeof answer.error_description === 'string'
        ? answer.error_description
        : typeof answer.error === 'string'
          ? answer.error
          : typeof obj(answer.error).message === 'string'
            ? String(obj(answer.error).message)
            : '';
    const reason = `${this.name} answered ${response.status} while ${what}${detail ? `: ${detail}` : ''}`;
    if (response.status === 429 || response.status >= 500)
      throw new CalendarProviderError(reason, false, false, response.status);
    const refusedTokens = response.status === 401 || (options.oauth === true && answer.error === 'invalid_grant');
    throw new CalendarProviderError(reason, true, refusedTokens, response.status);
  }
}
