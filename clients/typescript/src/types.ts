// Types derived from the generated `paths`, so they follow the document whatever its components
// are named: a request's query and body, an answer's data, the item of a list.
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths, webhooks } from './generated/openapi';

export type { paths, webhooks, components, operations } from './generated/openapi';

type Media = `${string}/${string}`;
export type Method = HttpMethod;
export type PathsFor<M extends Method> = PathsWithMethod<paths, M>;
export type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
// The init argument, optional when nothing in it is required (as openapi-fetch takes it).
export type InitArgs<I> =
  RequiredKeysOf<I> extends never ? [(I & { [key: string]: unknown })?] : [I & { [key: string]: unknown }];

// openapi-fetch's FetchResponse takes an operation as a Record<string | number, any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as the library's
type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], Record<string | number, any>>;
type Answered<R> = R extends { data: infer D } ? D : never;
// What a successful call answers (undefined for 204).
export type Data<P extends keyof paths, M extends Method, I = object> = [
  Answered<FetchResponse<Operation<P, M>, I, Media>>,
] extends [never]
  ? undefined
  : Exclude<Answered<FetchResponse<Operation<P, M>, I, Media>>, undefined>;

export type Query<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;
export type Body<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

// Lists: GET operations answering `{data: [...]}`.
export type ListPath = {
  [P in PathsFor<'get'>]: Data<P, 'get'> extends { data: Array<unknown> } ? P : never;
}[PathsFor<'get'>];
export type ItemOf<P extends ListPath> = Data<P, 'get'> extends { data: Array<infer T> } ? T : never;

// Records read with GET and changed with PATCH at the same path (those carrying an ETag).
export type RecordPath = {
  [P in keyof paths]: paths[P] extends { get: object; patch: object }
    ? P extends `${string}/{id}`
      ? P
      : never
    : never;
}[keyof paths];

// Every event of the catalogue (the document's webhooks): what a webhook delivery carries and
// GET /events lists, discriminated by `type`.
export type WebhookEvent = {
  [K in keyof webhooks]: webhooks[K] extends { post: { requestBody: { content: { 'application/json': infer B } } } }
    ? B
    : never;
}[keyof webhooks];
export type EventType = WebhookEvent extends { type: infer T } ? T : never;
export type EventOf<T extends EventType> = Extract<WebhookEvent, { type: T }>;
