import type { Change, CrmCalls, ModifyOptions } from './client';
import type { Sleep } from './retry';
import type { Body, Data, ItemOf, ListPath, PathsFor, Query, RecordPath } from './types';

// The operations integrations use most, by resource. Everything else: crm.get/post/patch/delete
// with the path of the document.

// A kind of record with a paged list, create, and GET / PATCH / DELETE by id (with an ETag).
class Records<List extends ListPath & PathsFor<'post'>, One extends RecordPath & PathsFor<'delete'>> {
  constructor(
    protected readonly crm: CrmCalls,
    private readonly listPath: List,
    private readonly onePath: One,
  ) {}
  // Every record matching the query, page after page: `for await (const c of crm.companies.list({ q }))`.
  list(query: Query<List> = {} as Query<List>): AsyncGenerator<ItemOf<List>, void, undefined> {
    return this.crm.paginate(this.listPath, { params: { query } } as never);
  }
  get(id: string): Promise<Data<One, 'get'>> {
    return this.crm.get(this.onePath as never, { params: { path: { id } } } as never) as Promise<Data<One, 'get'>>;
  }
  create(body: Body<List, 'post'>): Promise<Data<List, 'post'>> {
    return this.crm.post(this.listPath as never, { body } as never) as Promise<Data<List, 'post'>>;
  }
  update(id: string, body: Body<One, 'patch'>): Promise<Data<One, 'patch'>> {
    return this.crm.patch(this.onePath as never, { params: { path: { id } }, body } as never) as Promise<
      Data<One, 'patch'>
    >;
  }
  // Read-modify-write with If-Match: see Crm.modify.
  modify(id: string, change: Change<One>, options?: ModifyOptions): Promise<Data<One, 'get'>> {
    return this.crm.modify(this.onePath, id, change, options);
  }
  delete(id: string): Promise<void> {
    return this.crm.delete(this.onePath as never, { params: { path: { id } } } as never);
  }
}

export class Companies extends Records<'/companies', '/companies/{id}'> {
  constructor(crm: CrmCalls) {
    super(crm, '/companies', '/companies/{id}');
  }
  // Up to 10,000 rows a request. Give the same idempotencyKey when sending the same rows again
  // (after a crash): the import resumes instead of creating twice.
  import(body: Body<'/import/companies', 'post'>, options: { idempotencyKey?: string } = {}) {
    return this.crm.post('/import/companies', {
      body,
      headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
    });
  }
}

export class Contacts extends Records<'/contacts', '/contacts/{id}'> {
  constructor(crm: CrmCalls) {
    super(crm, '/contacts', '/contacts/{id}');
  }
}

// Offset-paged: list follows offset until total.
export class Deals extends Records<'/deals', '/deals/{id}'> {
  constructor(crm: CrmCalls) {
    super(crm, '/deals', '/deals/{id}');
  }
}

export interface TailOptions extends Query<'/events'> {
  // How often the feed is asked again once caught up (default 2000 ms).
  intervalMs?: number;
  // Ends the loop.
  signal?: AbortSignal;
  // Told the cursor after each page: save it and pass it as `after` to carry on later.
  onCursor?: (cursor: string) => void;
}

export class Events {
  constructor(
    private readonly crm: CrmCalls,
    private readonly sleep: Sleep,
  ) {}

  // The kept events from `after` (the oldest when omitted) up to now (admins only).
  list(query: Query<'/events'> = {}) {
    return this.crm.paginate('/events', { params: { query } });
  }

  // Follows the feed until `signal` aborts: every event from `after`, then each new one as it is
  // recorded.
  async *tail(options: TailOptions = {}): AsyncGenerator<ItemOf<'/events'>, void, undefined> {
    const { intervalMs = 2000, signal, onCursor, ...query } = options;
    let after = query.after;
    while (!signal?.aborted) {
      const page = await this.crm.get('/events', { params: { query: { ...query, ...(after ? { after } : {}) } } });
      for (const event of page.data) {
        if (signal?.aborted) return;
        yield event;
      }
      after = page.next_cursor;
      onCursor?.(after);
      if (!page.has_more) await this.pause(intervalMs, signal);
    }
  }

  private pause(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal) return this.sleep(ms);
    return new Promise((resolve) => {
      const done = () => resolve();
      signal.addEventListener('abort', done, { once: true });
      void this.sleep(ms).then(() => {
        signal.removeEventListener('abort', done);
        resolve();
      });
    });
  }
}
