import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { CrmError } from './errors';
import type { paths } from './generated/openapi';
import { retryingFetch, type RetryOptions, type Sleep } from './retry';
import type { Body, Data, Init, InitArgs, ItemOf, ListPath, Method, PathsFor, RecordPath } from './types';

export interface CrmOptions {
  // Base address of the API, including the version: `https://crm.example.com/v1`.
  baseUrl: string;
  // A session token (`crm_ses_…`) or an API key (`crm_ak_…`).
  token?: string;
  retry?: RetryOptions;
  // Send an Idempotency-Key with every POST, PUT, PATCH and DELETE that has none (default true).
  idempotencyKeys?: boolean;
  // Sent as User-Agent, before the SDK's own name.
  userAgent?: string;
  // For tests and special transports.
  fetch?: typeof fetch;
  sleep?: Sleep;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Call<M extends Method> = <P extends PathsFor<M>, I extends Init<P, M>>(
  url: P,
  ...init: InitArgs<I>
) => Promise<Data<P, M, I>>;

export interface Answer<T> {
  data: T;
  response: Response;
}

export interface ModifyOptions {
  // Reads and tries again this many times when someone else changed the record between the read
  // and the write (412), then gives up with the 412 as a CrmError (default 5).
  attempts?: number;
}

// A read-modify-write that cannot lose an update: reads the record with its ETag, asks `change`
// for the fields to set (nothing to change: undefined), writes them with If-Match, and on 412
// starts again from a fresh read.
export type Change<P extends RecordPath> = (
  current: Data<P, 'get'>,
) => Body<P, 'patch'> | undefined | Promise<Body<P, 'patch'> | undefined>;

// The calls of the API client (crm.ts adds the shortcuts by resource on top). Every operation of
// the OpenAPI document is typed: `crm.get('/companies/{id}', { params: { path: { id } } })`;
// errors are thrown as CrmError; `crm.raw` is the underlying openapi-fetch client for anything else.
export class CrmCalls {
  readonly raw: Client<paths>;
  protected readonly sleep: Sleep;

  constructor(options: CrmOptions) {
    if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError('new Crm({ baseUrl }) needs the API address, such as https://crm.example.com/v1');
    }
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const headers: Record<string, string> = {
      'user-agent': [options.userAgent, 'crm-sdk-typescript/0.1.0'].filter(Boolean).join(' '),
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    this.raw = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers,
      fetch: retryingFetch(options.retry, this.sleep, options.fetch ?? fetch),
    });
    if (options.idempotencyKeys !== false) {
      // Set once, before the first attempt: every retry of the request carries the same key.
      this.raw.use({
        onRequest({ request }) {
          if (WRITES.has(request.method) && !request.headers.has('idempotency-key'))
            request.headers.set('Idempotency-Key', randomUUID());
          return request;
        },
      });
    }
  }

  // The answer and its HTTP response (headers such as ETag), or a CrmError.
  async send<M extends Method, P extends PathsFor<M>, I extends Init<P, M>>(
    method: M,
    url: P,
    ...init: InitArgs<I>
  ): Promise<Answer<Data<P, M, I>>> {
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await (this.raw.request as (m: string, u: string, i?: unknown) => Promise<typeof result>)(
        method.toUpperCase(),
        url,
        init[0],
      );
    } catch (error) {
      if (error instanceof CrmError) throw error;
      throw new CrmError(
        { status: 0, code: 'network_error', message: `${method.toUpperCase()} ${url}: ${(error as Error).message}` },
        { cause: error },
      );
    }
    if (!result.response.ok) throw CrmError.fromResponse(result.response, result.error);
    return { data: result.data as Data<P, M, I>, response: result.response };
  }

  private caller<M extends Method>(method: M): Call<M> {
    const send = this.send.bind(this) as unknown as (m: M, url: string, init?: unknown) => Promise<Answer<unknown>>;
    return (async (url: string, init?: unknown) => (await send(method, url, init)).data) as unknown as Call<M>;
  }

  readonly get: Call<'get'> = this.caller('get');
  readonly post: Call<'post'> = this.caller('post');
  readonly put: Call<'put'> = this.caller('put');
  readonly patch: Call<'patch'> = this.caller('patch');
  readonly delete: Call<'delete'> = this.caller('delete');

  // Every item of a list, page after page, fetched as the loop asks for them. Offset-paged
  // answers (those with `total`) follow `offset` until `total`; cursor-paged ones follow
  // `next_cursor` (as `cursor`, or `after` for the event feed, which answers `has_more`).
  async *paginate<P extends ListPath>(
    url: P,
    ...init: InitArgs<Init<P, 'get'>>
  ): AsyncGenerator<ItemOf<P>, void, undefined> {
    const options = (init[0] ?? {}) as { params?: { query?: Record<string, unknown> } };
    const query: Record<string, unknown> = { ...options.params?.query };
    for (;;) {
      const page = (await this.get(
        url as never,
        { ...options, params: { ...options.params, query } } as never,
      )) as unknown as {
        data: ItemOf<P>[];
        next_cursor?: string | null;
        has_more?: boolean;
        total?: number;
      };
      yield* page.data;
      if (page.data.length === 0) return;
      if (typeof page.total === 'number') {
        const offset = Number(query.offset ?? 0) + page.data.length;
        if (offset >= page.total) return;
        query.offset = offset;
      } else if ('next_cursor' in page) {
        if (!page.next_cursor || page.has_more === false) return;
        query['has_more' in page ? 'after' : 'cursor'] = page.next_cursor;
      } else return;
    }
  }

  async modify<P extends RecordPath>(
    url: P,
    id: string,
    change: Change<P>,
    options: ModifyOptions = {},
  ): Promise<Data<P, 'get'>> {
    const attempts = options.attempts ?? 5;
    const at = { params: { path: { id } } } as never;
    for (let attempt = 1; ; attempt += 1) {
      const read = await this.send('get', url as never, at);
      const patch = await change(read.data as Data<P, 'get'>);
      if (patch === undefined) return read.data as Data<P, 'get'>;
      const tag = read.response.headers.get('etag');
      if (!tag)
        throw new CrmError({
          status: read.response.status,
          code: 'no_etag',
          message: `GET ${url} answered no ETag: it cannot be changed safely`,
        });
      try {
        const written = await this.send(
          'patch',
          url as never,
          { params: { path: { id } }, body: patch, headers: { 'If-Match': tag } } as never,
        );
        return written.data as Data<P, 'get'>;
      } catch (error) {
        if (!(error instanceof CrmError) || error.status !== 412 || attempt >= attempts) throw error;
      }
    }
  }
}
