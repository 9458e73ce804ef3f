import mongoose, { mongo } from 'mongoose';
import { cleanUp, openClient, openConnection, type Loose } from './test-store';

afterEach(cleanUp);

async function ordersCollection(): Promise<mongo.Collection<Loose>> {
  const db = (await openClient()).db();
  await db.collection<Loose>('customers').insertMany([
    { _id: 'c1', name: 'Acme' },
    { _id: 'c2', name: 'Globex' },
  ]);
  const orders = db.collection<Loose>('orders');
  await orders.insertMany([
    { _id: 1, customer: 'c1', status: 'paid', total: 100, items: ['a', 'b'] },
    { _id: 2, customer: 'c1', status: 'paid', total: 50, items: ['a'] },
    { _id: 3, customer: 'c2', status: 'open', total: 70, items: [] },
    { _id: 4, customer: 'c2', status: 'paid', total: 30, items: ['c'] },
  ]);
  return orders;
}

describe('aggregation', () => {
  it('$match, $group, $sort and $project', async () => {
    const orders = await ordersCollection();
    const totals = await orders
      .aggregate([
        { $match: { status: 'paid' } },
        { $group: { _id: '$customer', revenue: { $sum: '$total' }, orders: { $sum: 1 } } },
        { $sort: { revenue: -1 } },
        { $project: { _id: 0, customer: '$_id', revenue: 1, orders: 1 } },
      ])
      .toArray();
    expect(totals).toEqual([
      { revenue: 150, orders: 2, customer: 'c1' },
      { revenue: 30, orders: 1, customer: 'c2' },
    ]);
  });

  it('$unwind (dropping empty arrays) and $count', async () => {
    const orders = await ordersCollection();
    const items = await orders
      .aggregate([{ $unwind: '$items' }, { $group: { _id: '$items', n: { $sum: 1 } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(items).toEqual([
      { _id: 'a', n: 2 },
      { _id: 'b', n: 1 },
      { _id: 'c', n: 1 },
    ]);
    expect(await orders.aggregate([{ $match: { total: { $gte: 50 } } }, { $count: 'big' }]).toArray()).toEqual([
      { big: 3 },
    ]);
  });

  it('$facet runs sub-pipelines over the same input, $lookup joins another collection', async () => {
    const orders = await ordersCollection();
    const [facets] = await orders
      .aggregate([
        {
          $facet: {
            byStatus: [{ $group: { _id: '$status', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            top: [{ $sort: { total: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({
      byStatus: [
        { _id: 'open', n: 1 },
        { _id: 'paid', n: 3 },
      ],
      top: [{ _id: 1 }],
    });
    const joined = await orders
      .aggregate([
        { $match: { _id: 3 } },
        { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'customer' } },
        { $project: { name: { $first: '$customer.name' } } },
      ])
      .toArray();
    expect(joined).toEqual([{ _id: 3, name: 'Globex' }]);
  });

  it('runs through mongoose Model.aggregate and refuses $out', async () => {
    const connection = await openConnection();
    const Deal = connection.model('Deal', new mongoose.Schema({ stage: String, amount: Number }));
    await Deal.create([
      { stage: 'won', amount: 10 },
      { stage: 'won', amount: 5 },
      { stage: 'lost', amount: 7 },
    ]);
    const byStage = await Deal.aggregate<{ _id: string; sum: number }>([
      { $group: { _id: '$stage', sum: { $sum: '$amount' } } },
      { $sort: { _id: -1 } },
    ]);
    expect(byStage).toEqual([
      { _id: 'won', sum: 15 },
      { _id: 'lost', sum: 7 },
    ]);
    await expect(Deal.aggregate([{ $out: 'copy' }])).rejects.toMatchObject({ code: 115 });
  });
});
