import mongoose from 'mongoose';
import { EmbeddedMongoClient } from '../index';
import { cleanUp, openClient, openConnection } from './test-store';

afterEach(cleanUp);

const companySchema = new mongoose.Schema(
  {
    workspace_id: { type: String, required: true, index: true },
    name: String,
    domain: { type: String },
    address: { city: String, country: String },
    sic_codes: [String],
    employees: Number,
    owner: { type: mongoose.Schema.Types.ObjectId, ref: 'Person' },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
companySchema.index({ workspace_id: 1, domain: 1 }, { unique: true });

const personSchema = new mongoose.Schema({ name: String });

async function models(): Promise<{
  Company: mongoose.Model<mongoose.InferSchemaType<typeof companySchema>>;
  Person: mongoose.Model<{ name?: string | null }>;
}> {
  const connection = await openConnection(await openClient({ dbName: 'crm' }));
  const Person = connection.model('Person', personSchema);
  const Company = connection.model('Company', companySchema);
  await Company.init();
  return { Company, Person };
}

describe('mongoose models on the embedded client', () => {
  it('accepts the client through setClient and reports the database name', async () => {
    const client = await openClient({ dbName: 'identity' });
    expect(client).toBeInstanceOf(mongoose.mongo.MongoClient);
    expect(client).toBeInstanceOf(EmbeddedMongoClient);
    const connection = await openConnection(client);
    expect(connection.readyState).toBe(1);
    expect(connection.name).toBe('identity');
    expect(await connection.db?.admin().ping()).toEqual({ ok: 1 });
  });

  it('creates, queries, updates through documents and deletes', async () => {
    const { Company, Person } = await models();
    const owner = await Person.create({ name: 'Olga' });
    const acme = await Company.create({
      workspace_id: 'w1',
      name: 'Acme',
      domain: 'acme.com',
      address: { city: 'Oslo', country: 'NO' },
      sic_codes: ['1234'],
      employees: 10,
      owner: owner._id,
    });
    await Company.create([
      { workspace_id: 'w1', name: 'Beta', domain: 'beta.com', employees: 50 },
      { workspace_id: 'w2', name: 'Gamma', domain: 'acme.com', employees: 5 },
    ]);
    expect(acme.created_at).toBeInstanceOf(Date);

    const page = await Company.find({ workspace_id: 'w1' }).sort({ employees: -1 }).select('name employees').lean();
    expect(page.map((company) => company.name)).toEqual(['Beta', 'Acme']);
    expect(await Company.countDocuments({ workspace_id: 'w1' })).toBe(2);
    expect(await Company.exists({ domain: 'beta.com' })).toBeTruthy();
    expect((await Company.distinct('workspace_id')).sort()).toEqual(['w1', 'w2']);

    const loaded = await Company.findById(acme._id).populate<{ owner: { name: string } }>('owner');
    expect(loaded?.owner.name).toBe('Olga');

    const editable = await Company.findOne({ domain: 'acme.com', workspace_id: 'w1' });
    if (!editable) throw new Error('missing company');
    editable.sic_codes.push('5678');
    editable.set('address.city', 'Bergen');
    await editable.save();
    const saved = await Company.findById(acme._id).lean();
    expect(saved?.sic_codes).toEqual(['1234', '5678']);
    expect(saved?.address?.city).toBe('Bergen');
    expect(saved?.updated_at?.getTime()).toBeGreaterThanOrEqual(saved?.created_at?.getTime() ?? Infinity);

    const updated = await Company.findOneAndUpdate({ _id: acme._id }, { $inc: { employees: 5 } }, { new: true }).lean();
    expect(updated?.employees).toBe(15);
    expect(await Company.updateMany({ workspace_id: 'w1' }, { $set: { name: 'Renamed' } })).toMatchObject({
      matchedCount: 2,
      modifiedCount: 2,
    });

    await editable.deleteOne();
    expect(await Company.findById(acme._id)).toBeNull();
    expect(await Company.deleteMany({ workspace_id: 'w2' })).toMatchObject({ deletedCount: 1 });
    expect(await Company.estimatedDocumentCount()).toBe(1);
  });

  it('streams with Query.cursor() and runs bulkWrite, insertMany and bulkSave', async () => {
    const { Company } = await models();
    await Company.insertMany(
      Array.from({ length: 30 }, (_, i) => ({ workspace_id: 'w', domain: `d${i}.com`, employees: i })),
    );
    const seen: number[] = [];
    for await (const company of Company.find({ employees: { $lt: 5 } })
      .sort({ employees: 1 })
      .cursor())
      seen.push(company.employees ?? -1);
    expect(seen).toEqual([0, 1, 2, 3, 4]);

    const result = await Company.bulkWrite([
      { updateOne: { filter: { domain: 'd0.com' }, update: { $set: { name: 'Zero' } } } },
      { deleteOne: { filter: { domain: 'd1.com' } } },
      { insertOne: { document: { workspace_id: 'w', domain: 'new.com' } } },
    ]);
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, deletedCount: 1, insertedCount: 1 });

    const companies = await Company.find({ employees: { $gte: 28 } });
    for (const company of companies) company.name = `big ${company.employees}`;
    await Company.bulkSave(companies);
    expect((await Company.find({ name: /^big/ }).lean()).length).toBe(2);
  });

  it('supports collection management through the connection', async () => {
    const connection = await openConnection();
    const Thing = connection.model('Thing', new mongoose.Schema({ n: Number }));
    await Thing.createCollection();
    await Thing.createCollection();
    await Thing.create({ n: 1 });
    expect((await connection.listCollections()).map((collection) => collection.name)).toContain('things');
    await connection.dropCollection('things');
    expect(await Thing.countDocuments()).toBe(0);
    await Thing.create({ n: 2 });
    await connection.dropDatabase();
    expect(await connection.listCollections()).toEqual([]);
  });
});
