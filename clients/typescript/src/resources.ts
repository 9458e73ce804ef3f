import type { Change, Crm, ModifyOptions } from './client';
import type { Sleep } from './retry';
import type { Body, ItemOf, Query } from './types';

// The operations integrations use most, by resource. Everything else: crm.get/post/patch/delete
// with the path of the document.

export class Companies {
  constructor(private readonly crm: Crm) {}
  // Every company matching the query, page after page: `for await (const c of crm.companies.list({ q }))`.
  list(query: Query<'/companies'> = {}) {
    return this.crm.paginate('/companies', { params: { query } });
  }
  get(id: string) {
    return this.crm.get('/companies/{id}', { params: { path: { id } } });
  }
  create(body: Body<'/companies', 'post'>) {
    return this.crm.post('/companies', { body });
  }
  update(id: string, body: Body<'/companies/{id}', 'patch'>) {
    return this.crm.patch('/companies/{id}', { params: { path: { id } }, body });
  }
  modify(id: string, change: Change<'/companies/{id}'>, options?: ModifyOptions) {
    return this.crm.modify('/companies/{id}', id, change, options);
  }
  delete(id: string) {
    return this.crm.delete('/companies/{id}', { params: { path: { id } } });
  }
  // Up to 10,000 rows a request. Give the same idempotencyKey when sending the same rows again
  // (after a crash): the import resumes instead of creating twice.
  import(body: Body<'/import/companies', 'post'>, options: { idempotencyKey?: string } = {}) {
    return this.crm.post('/import/companies', { body, headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {} });
  }
}

export class Contacts {
  constructor(private readonly crm: Crm) {}
  list(query: Query<'/contacts'> = {}) {
    return this.crm.paginate('/contacts', { params: { query } });
  }
  get(id: string) {
    return this.crm.get('/contacts/{id}', { params: { path: { id } } });
  }
  create(body: Body<'/contacts', 'post'>) {
    return this.crm.post('/contacts', { body });
  }
  update(id: string, body: Body<'/contacts/{id}', 'patch'>) {
    return this.crm.patch('/contacts/{id}', { params: { path: { id } }, body });
  }
  modify(id: string, change: Change<'/contacts/{id}'>, options?: ModifyOptions) {
    return this.crm.modify('/contacts/{id}', id, change, options);
  }
  delete(id: string) {
    return this.crm.delete('/contacts/{id}', { params: { path: { id } } });
  }
}

export class Deals {
  constructor(private readonly crm: Crm) {}
  // Offset-paged: follows offset until total.
  list(query: Query<'/deals'> = {}) {
    return this.crm.paginate('/deals', { params: { query } });
  }
  get(id: string) {
    return this.crm.get('/deals/{id}', { params: { path: { id } } });
  }
  create(body: Body<'/deals', 'post'>) {
    return this.crm.post('/deals', { body });
  }
  modify(id: string, change: Change<'/deals/{id}'>, options?: ModifyOptions) {
    return this.crm.modify('/deals/{id}', id, change, options);
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
    private readonly crm: Crm,
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
