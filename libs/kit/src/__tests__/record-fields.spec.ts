import { Mongoose, Schema, type InferSchemaType, type SchemaDefinition, type SchemaType } from 'mongoose';
import { field, pickFields, schemaOf, type RecordOf, type ScopedRecordOf } from '../record-fields';

const STATUSES = ['open', 'done'] as const;

interface Address {
  city?: string;
}

const attendeeSchema = new Schema({ id: { type: String, required: true } }, { _id: false });

const fields = {
  _id: field.string({ required: true }),
  version: field.absentOnOld(field.number({ default: 1 })),
  title: field.string({ required: true }),
  title_folded: field.string({
    default(this: { title?: string }) {
      return this.title?.toLowerCase() ?? '';
    },
  }),
  notes: field.string({ default: null }),
  notes_key: field.absentOnOld(field.string()),
  status: field.string({ required: true, enum: STATUSES }),
  kind: field.string<'user' | 'agent'>({ required: true, default: 'user' }),
  target_type: field.string<'company' | 'contact'>({ default: null }),
  size: field.number({ required: true }),
  size_version: field.number({ required: true, default: 0 }),
  probability: field.number({ default: null }),
  expires_at: field.date({ required: true }),
  failing_since: field.date({ default: null }),
  enabled: field.boolean({ default: true }),
  cancelled: field.boolean({ required: true }),
  tags: field.strings(),
  attendees: field.list<{ id: string }>(attendeeSchema),
  address: field.mixed<Address>({ default: {} }),
  definition: field.mixed<{ rows: string[] }>({ required: true }),
  test_body: field.mixed<Record<string, unknown>>({ default: null }),
  labels: field.strings({ required: true }),
  members: field.list<{ id: string }>(attendeeSchema, { required: true }),
  bound: field.absentOnOld(field.boolean()),
  settings: field.nested({
    currency: field.string({ required: true }),
    page_size: field.number({ default: 25 }),
  }),
  stamp: field.number(),
  archived: field.boolean({ required: true, default: false }),
  created_at: field.string({ required: true }),
};

// The same paths written out by hand, as the models wrote them before.
const byHand: SchemaDefinition = {
  _id: { type: String, required: true },
  version: { type: Number, default: 1 },
  title: { type: String, required: true },
  title_folded: {
    type: String,
    default(this: { title?: string }) {
      return this.title?.toLowerCase() ?? '';
    },
  },
  notes: { type: String, default: null },
  notes_key: { type: String },
  status: { type: String, required: true, enum: STATUSES },
  kind: { type: String, required: true, default: 'user' },
  target_type: { type: String, default: null },
  size: { type: Number, required: true },
  size_version: { type: Number, required: true, default: 0 },
  probability: { type: Number, default: null },
  expires_at: { type: Date, required: true },
  failing_since: { type: Date, default: null },
  enabled: { type: Boolean, default: true },
  cancelled: { type: Boolean, required: true },
  tags: { type: [String], default: [] },
  attendees: { type: [attendeeSchema], default: [] },
  address: { type: Schema.Types.Mixed, default: {} },
  definition: { type: Schema.Types.Mixed, required: true },
  test_body: { type: Schema.Types.Mixed, default: null },
  labels: { type: [String], required: true },
  members: { type: [attendeeSchema], required: true },
  bound: { type: Boolean },
  settings: {
    currency: { type: String, required: true },
    page_size: { type: Number, default: 25 },
  },
  stamp: { type: Number },
  archived: { type: Boolean, required: true, default: false },
  created_at: { type: String, required: true },
};

const inferred = new Schema({ notes: { type: String, default: null } });

type Equal<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
const exactly = <A, B>(check: Equal<A, B>) => check;

// Never run: the compiler checks it (tsconfig.tests.json); each line stops compiling when a type
// it names changes, each @ts-expect-error line when the mistake it shows starts to compile.
export function typeChecks(record: RecordOf<typeof fields>, scoped: ScopedRecordOf<typeof fields>): void {
  exactly<typeof record._id, string>(true);
  // Absent on documents stored before the field existed; filled in on new ones.
  exactly<Pick<typeof record, 'version'>, { version?: number }>(true);
  exactly<typeof record.title_folded, string>(true);
  exactly<Pick<typeof record, 'notes'>, { notes: string | null }>(true);
  exactly<Pick<typeof record, 'notes_key'>, { notes_key?: string | undefined }>(true);
  exactly<typeof record.notes, string | null>(true);
  exactly<typeof record.status, 'open' | 'done'>(true);
  exactly<typeof record.kind, 'user' | 'agent'>(true);
  exactly<typeof record.target_type, 'company' | 'contact' | null>(true);
  exactly<typeof record.size_version, number>(true);
  exactly<typeof record.probability, number | null>(true);
  exactly<typeof record.expires_at, Date>(true);
  exactly<typeof record.failing_since, Date | null>(true);
  exactly<typeof record.enabled, boolean>(true);
  exactly<typeof record.tags, string[]>(true);
  exactly<typeof record.attendees, Array<{ id: string }>>(true);
  exactly<typeof record.address, Address>(true);
  exactly<typeof record.cancelled, boolean>(true);
  exactly<typeof record.definition, { rows: string[] }>(true);
  exactly<typeof record.test_body, Record<string, unknown> | null>(true);
  exactly<typeof record.labels, string[]>(true);
  exactly<typeof record.members, Array<{ id: string }>>(true);
  exactly<Pick<typeof record, 'bound'>, { bound?: boolean | undefined }>(true);
  exactly<typeof record.settings, { currency: string; page_size: number }>(true);
  exactly<Pick<typeof record, 'stamp'>, { stamp: number | undefined }>(true);
  exactly<typeof record.archived, boolean>(true);
  exactly<typeof scoped, RecordOf<typeof fields> & { workspace_id: string }>(false);
  exactly<typeof scoped.workspace_id, string>(true);
  exactly<Omit<typeof scoped, 'workspace_id'>, RecordOf<typeof fields>>(true);
  // Mongoose's own inference is looser: a null default leaves the path optional.
  exactly<InferSchemaType<typeof inferred>['notes'], string | null | undefined>(true);
  // @ts-expect-error a record field is not optional
  exactly<typeof record.notes, string | null | undefined>(true);
  // @ts-expect-error a string field without a default is required
  field.string({});
  // @ts-expect-error a number field is required or has a default
  field.number({});
  // @ts-expect-error a Mixed default has the field's type
  field.mixed<Address>({ default: { city: 1 } });
  // @ts-expect-error the default is one of the values
  field.string({ required: true, enum: STATUSES, default: 'closed' });
  // @ts-expect-error a record's fields are written once, with their value types
  record.notes = 1;
}

// A new document of the schema, as it would be stored (mongoose alone, no database).
function documentOf(schema: Schema, given: Record<string, unknown>): Record<string, unknown> {
  const models = new Mongoose();
  const Model = models.model('Record', schema);
  return new Model(given).toObject();
}

// A path's type and options, with the default it gives (mongoose keeps a Mixed default as a
// function that copies it).
function described(type: SchemaType | undefined) {
  const options: Record<string, unknown> = { ...type?.options };
  if (typeof options.default === 'function') options.default = (options.default as () => unknown)();
  return { instance: type?.instance, options };
}

describe('schemaOf', () => {
  const options = { versionKey: false, minimize: false } as const;
  const built = new Schema(schemaOf(fields), options);
  const written = new Schema(byHand, options);

  it('builds the schema the fields would be written as by hand, path for path and in order', () => {
    expect(Object.keys(built.paths)).toEqual(Object.keys(written.paths));
    for (const [path, type] of Object.entries(written.paths)) {
      expect({ path, ...described(built.paths[path]) }).toEqual({ path, ...described(type) });
    }
  });

  it('fills new documents the same way: same defaults, same field order', () => {
    const given = {
      _id: 'a1',
      title: 'T',
      status: 'open',
      size: 3,
      cancelled: false,
      definition: { rows: ['a'] },
      expires_at: new Date('2026-02-01T00:00:00.000Z'),
      settings: { currency: 'GBP' },
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(JSON.stringify(documentOf(built, given))).toBe(JSON.stringify(documentOf(written, given)));
    expect(documentOf(built, given)).toEqual({
      _id: 'a1',
      version: 1,
      title: 'T',
      title_folded: 't',
      notes: null,
      status: 'open',
      kind: 'user',
      target_type: null,
      size: 3,
      size_version: 0,
      probability: null,
      expires_at: new Date('2026-02-01T00:00:00.000Z'),
      failing_since: null,
      enabled: true,
      cancelled: false,
      tags: [],
      attendees: [],
      address: {},
      definition: { rows: ['a'] },
      test_body: null,
      labels: [],
      members: [],
      settings: { currency: 'GBP', page_size: 25 },
      archived: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('gives each new document its own copy of a Mixed default', () => {
    const first = documentOf(built, { _id: 'a1' });
    const second = documentOf(built, { _id: 'a2' });
    expect(first.address).not.toBe(second.address);
  });
});

describe('pickFields', () => {
  it('copies the listed fields in the order of the list, as an object literal listing them would', () => {
    const record: { a: number; b: string | null; c?: string; d: boolean } = { d: true, b: null, a: 1 };
    const picked = pickFields(record, ['b', 'a', 'c'] as const);
    exactly<typeof picked, Pick<typeof record, 'a' | 'b' | 'c'>>(true);
    expect(JSON.stringify(picked)).toBe('{"b":null,"a":1}');
    expect(picked).toStrictEqual({ b: null, a: 1, c: record.c });
  });
});
