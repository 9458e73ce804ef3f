import { declareOperation, implement, PATH_ID_DESCRIPTION } from '../operation';
import { mergeOpenApiDocuments, openApiDocument, pruneUnusedComponents } from '../openapi';
import { ERROR_CODES } from '../../errors';
import { ListOf, Named, Nullable, Strict, Type, Uuid } from '../schema';
import { needs, remove } from '@crm/protos';

const Company = Named('Company', Strict({ id: Uuid(), name: Type.String(), website: Nullable(Type.String()) }));

const list = implement(
  declareOperation({
    method: 'GET',
    path: '/companies',
    access: needs('companies:read'),
    summary: 'List companies',
    query: Type.Object({
      limit: Type.Integer({ minimum: 1, maximum: 50, default: 25, description: 'Page size' }),
      cursor: Type.Optional(Type.String()),
    }),
    status: 200,
    response: ListOf(Company),
  }),
  async () => ({ data: [] }),
);
const removeCompany = implement(
  declareOperation({
    method: 'DELETE',
    path: '/companies/{id}',
    access: remove('companies:write'),
    summary: 'Delete a company',
    params: Type.Object({ id: Uuid() }),
    status: 204,
    response: null,
    errors: [409],
  }),
  async () => undefined,
);
const hello = implement(
  declareOperation({
    method: 'GET',
    path: '/public/hello',
    summary: 'Hello',
    access: 'public',
    status: 200,
    response: Type.Object({ hello: Type.String() }),
  }),
  async () => ({ hello: 'world' }),
);

describe('the OpenAPI document of declarations', () => {
  const document = openApiDocument('CRM test', [list, removeCompany, hello]);

  it('shows named schemas once and references them', () => {
    expect(document.components.schemas.Company).toMatchObject({
      title: 'Company',
      type: 'object',
      additionalProperties: false,
    });
    const listed = document.paths['/companies'].get.responses as Record<string, any>;
    expect(listed['200'].content['application/json'].schema.properties.data.items).toEqual({
      $ref: '#/components/schemas/Company',
    });
    expect(document.components.schemas.Company.properties).toMatchObject({ website: { type: ['string', 'null'] } });
  });

  it('lists parameters with their schema, requiredness and description', () => {
    expect(document.paths['/companies'].get.parameters).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'Page size',
        schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 50, default: 25 },
      },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(document.paths['/companies/{id}'].delete.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: PATH_ID_DESCRIPTION,
        schema: { type: 'string', format: 'uuid', maxLength: 36 },
      },
      { $ref: '#/components/parameters/IdempotencyKey' },
    ]);
  });

  it('documents Idempotency-Key on authenticated writes and the ETag headers of versioned records', () => {
    const record = Named('Thing', Strict({ id: Uuid(), name: Type.String() }));
    const params = Type.Object({ id: Uuid() });
    const tagged = openApiDocument('tagged', [
      implement(
        declareOperation({
          method: 'GET',
          path: '/things/{id}',
          summary: 'Get',
          access: 'caller',
          params,
          status: 200,
          response: record,
          etag: 'things',
        }),
        async () => ({ id: '', name: '' }),
      ),
      implement(
        declareOperation({
          method: 'PATCH',
          path: '/things/{id}',
          summary: 'Change',
          access: 'caller',
          params,
          body: Strict({ name: Type.String() }),
          status: 200,
          response: record,
          etag: 'things',
        }),
        async () => ({ id: '', name: '' }),
      ),
      implement(
        declareOperation({
          method: 'POST',
          path: '/things',
          summary: 'Create',
          access: 'caller',
          status: 201,
          response: record,
          etag: 'things',
        }),
        async () => ({ id: '', name: '' }),
      ),
    ]);
    const get = tagged.paths['/things/{id}'].get as Record<string, any>;
    expect(get.parameters).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
    expect(get.parameters).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(get.responses['304']).toMatchObject({ headers: { ETag: { $ref: '#/components/headers/ETag' } } });
    expect(get.responses['200'].headers).toEqual({ ETag: { $ref: '#/components/headers/ETag' } });
    const patch = tagged.paths['/things/{id}'].patch as Record<string, any>;
    expect(patch.parameters).toEqual(
      expect.arrayContaining([
        { $ref: '#/components/parameters/IfMatch' },
        { $ref: '#/components/parameters/IdempotencyKey' },
      ]),
    );
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['409', '412', '422']));
    expect(patch.responses['200'].headers).toEqual({
      ETag: { $ref: '#/components/headers/ETag' },
      'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
    });
    const create = tagged.paths['/things'].post as Record<string, any>;
    expect(create.parameters).not.toContainEqual({ $ref: '#/components/parameters/IfMatch' });
    expect(Object.keys(create.responses)).not.toContain('412');
    expect(tagged.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      schema: { maxLength: 255 },
    });
    // A public operation takes no key.
    expect(document.paths['/public/hello'].get.parameters).toEqual([]);
    expect(() =>
      declareOperation({
        method: 'GET',
        path: '/public/thing',
        summary: 'x',
        access: 'public',
        status: 200,
        response: record,
        etag: 'things',
      }),
    ).toThrow(/authenticated JSON/);
  });

  it('gives each operation its security, access and error answers', () => {
    const deletion = document.paths['/companies/{id}'].delete;
    expect(deletion.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(deletion.responses as object)).toEqual([
      '204',
      '400',
      '401',
      '403',
      '404',
      '409',
      '422',
      '429',
      '503',
    ]);
    expect(deletion.description).toBe('Needs the `companies:write` permission. Agent keys cannot call it.');
    const open = document.paths['/public/hello'].get;
    expect(open.security).toEqual([]);
    expect(Object.keys(open.responses as object)).not.toContain('401');
  });

  it('merges service documents and refuses two meanings of one name', () => {
    const other = openApiDocument('other', [hello]);
    expect(() => mergeOpenApiDocuments([document, other], { title: 't', version: '1' }, [])).toThrow(
      /served by two services/,
    );
    const clash = openApiDocument('clash', [
      implement(
        declareOperation({
          method: 'GET',
          path: '/session/x',
          summary: 'x',
          access: 'caller',
          status: 200,
          response: Named('Company', Type.Object({ other: Type.String() })),
        }),
        async () => ({ other: 'x' }),
      ),
    ]);
    expect(() => mergeOpenApiDocuments([document, clash], { title: 't', version: '1' }, [])).toThrow(
      /schema Company differently/,
    );
    const merged = mergeOpenApiDocuments(
      [openApiDocument('a', [list]), openApiDocument('b', [hello])],
      { title: 't', version: '1' },
      [],
    );
    expect(Object.keys(merged.paths)).toEqual(['/companies', '/public/hello']);
    expect(merged.tags).toEqual([{ name: 'companies' }, { name: 'public' }]);
  });

  it('writes what generated clients need to type a value: map values, integer widths, error codes', () => {
    const typed = openApiDocument('typed', [
      implement(
        declareOperation({
          method: 'POST',
          path: '/session/typed',
          summary: 'typed',
          access: 'caller',
          query: Type.Object({ offset: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))) }),
          body: Named('TypedRun', Strict({ dry_run: Type.Boolean({ default: false, description: 'Write nothing.' }) })),
          status: 200,
          response: Named(
            'Typed',
            Strict({ custom: Type.Record(Type.String(), Type.Boolean()), total: Type.Integer({ minimum: 0 }) }),
          ),
        }),
        async () => ({ custom: {}, total: 0 }),
      ),
    ]);
    expect(typed.components.schemas.Typed.properties).toEqual({
      custom: { type: 'object', additionalProperties: { type: 'boolean' } },
      total: { type: 'integer', minimum: 0, format: 'int64' },
    });
    // A client may leave out a field with a default: not required, and not typed as always there.
    expect(typed.components.schemas.TypedRun).toEqual({
      title: 'TypedRun',
      type: 'object',
      additionalProperties: false,
      properties: { dry_run: { type: 'boolean', description: 'Write nothing. Defaults to `false`.' } },
    });
    // A query string carries no null.
    expect((typed.paths['/session/typed'].post.parameters as Array<Record<string, unknown>>)[0].schema).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 100,
    });
    expect((typed.components.schemas.Error.properties as any).error.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('drops components nothing refers to', () => {
    const merged = mergeOpenApiDocuments([openApiDocument('a', [list])], { title: 't', version: '1' }, []);
    merged.components.schemas.Orphan = {
      type: 'object',
      properties: { self: { $ref: '#/components/schemas/Orphan' } },
    };
    pruneUnusedComponents(merged);
    expect(Object.keys(merged.components.schemas).sort()).toEqual(['Company', 'Error']);
    expect(Object.keys(merged.components.responses).sort()).toEqual(['400', '401', '403', '429', '503']);
    expect(Object.keys(merged.components.parameters)).toEqual([]);
  });
});
