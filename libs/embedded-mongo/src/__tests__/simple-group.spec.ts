import { mongo } from 'mongoose';
import { runPipeline } from '../query-engine';
import { simpleGroup } from '../simple-group';

// The direct $group must answer exactly what the general engine answers (itself checked against
// the server's semantics), and leave to it every stage or value it does not handle.
describe('the direct $group of fields with $sum', () => {
  const general = (documents: Array<Record<string, unknown>>, group: Record<string, unknown>) =>
    runPipeline(documents, [{ $group: group }], () => []);

  // Documents with missing fields, nulls and several types in the grouped and summed fields.
  function documents(count: number): Array<Record<string, unknown>> {
    const values = ['GBP', 'EUR', null, undefined, 0, 1, 2.5, true, false, 'x:y', '1:x'];
    let seed = 7;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed;
    };
    return Array.from({ length: count }, (_, index) => {
      const document: Record<string, unknown> = { _id: index };
      for (const field of ['a', 'b', 'c']) {
        const value = values[next() % values.length];
        if (value !== undefined) document[field] = value;
      }
      const amount = [1, 2.25, -3, 'text', null, undefined, [4]][next() % 7];
      if (amount !== undefined) document.v = amount;
      return document;
    });
  }

  const groups: Array<Record<string, unknown>> = [
    { _id: { a: '$a', b: '$b', c: '$c' }, count: { $sum: 1 }, total: { $sum: '$v' } },
    { _id: '$a', count: { $sum: 2 }, total: { $sum: '$v' } },
    { _id: null, total: { $sum: '$v' }, count: { $sum: 1 } },
    { _id: 'constant', n: { $sum: 1 } },
    { _id: { only: '$missing' }, n: { $sum: 1 } },
  ];

  it.each(groups.map((group) => [JSON.stringify(group), group]))(
    'answers %s as the general engine does',
    (_name, group) => {
      const input = documents(500);
      const direct = simpleGroup(input, group);
      expect(direct).toBeDefined();
      const sorted = (rows: Array<Record<string, unknown>>) =>
        [...rows].sort((x, y) => (JSON.stringify(x._id) < JSON.stringify(y._id) ? -1 : 1));
      expect(sorted(direct!)).toEqual(sorted(general(input, group)));
    },
  );

  it('leaves out a field missing from a document, but keeps a null one, as the server does', () => {
    const rows = simpleGroup([{ a: 1 }, { a: 1, b: null }, { a: 1 }], { _id: { a: '$a', b: '$b' }, n: { $sum: 1 } });
    expect(rows).toEqual([
      { _id: { a: 1 }, n: 2 },
      { _id: { a: 1, b: null }, n: 1 },
    ]);
  });

  it('groups 0 and -0 together, as the server does', () => {
    expect(simpleGroup([{ a: 0 }, { a: -0 }], { _id: '$a', n: { $sum: 1 } })).toEqual([{ _id: 0, n: 2 }]);
  });

  it('leaves other stages and values to the general engine', () => {
    expect(simpleGroup([{ a: 1 }], { _id: '$a.b', n: { $sum: 1 } })).toBeUndefined();
    expect(simpleGroup([{ a: 1 }], { _id: '$a', n: { $max: '$a' } })).toBeUndefined();
    expect(simpleGroup([{ a: 1 }], { _id: { $year: '$a' }, n: { $sum: 1 } })).toBeUndefined();
    expect(simpleGroup([{ a: new Date(0) }], { _id: '$a', n: { $sum: 1 } })).toBeUndefined();
    expect(simpleGroup([{ a: 1, v: mongo.Long.fromNumber(2) }], { _id: '$a', n: { $sum: '$v' } })).toBeUndefined();
    expect(simpleGroup([{ a: 1 }], undefined)).toBeUndefined();
  });
});
