import { mongo } from 'mongoose';
import { decodeFields, deserializeDocument, FieldSelection, serializeDocument } from '../bson-values';
import { pipelineFields, filterFields } from '../query-engine';

describe('decoding only the fields a reader needs', () => {
  const document = {
    _id: new mongo.ObjectId(),
    double: 1.5,
    int: 7,
    long: mongo.Long.fromString('9007199254740993'),
    safeLong: mongo.Long.fromNumber(42),
    text: 'h\u00e9llo \u{1F600}',
    date: new Date(1_700_000_000_000),
    flag: true,
    nothing: null,
    nested: { a: [1, { b: 'c' }] },
    list: ['x', { y: 1 }, [2]],
    empty: [],
    binary: new mongo.Binary(Buffer.from('bytes'), 4),
    decimal: new mongo.Decimal128('1.10'),
    regex: /ab+c/i,
    stamp: new mongo.Timestamp({ t: 5, i: 6 }),
    min: new mongo.MinKey(),
    max: new mongo.MaxKey(),
  };
  const bytes = serializeDocument(document);

  it('decodes every BSON type exactly as a full decode does', () => {
    const all = new FieldSelection(Object.keys(document));
    expect(decodeFields(bytes, all)).toEqual(deserializeDocument(bytes));
  });

  it('skips the fields it was not asked for', () => {
    const some = decodeFields(bytes, new FieldSelection(['text', 'nested', 'absent']));
    expect(some).toEqual({ _id: document._id, text: document.text, nested: document.nested });
  });

  it('knows which fields filters and pipelines read', () => {
    expect(
      [...(filterFields({ a: 1, 'b.c': { $gt: 2 }, $or: [{ d: 1 }, { e: { $exists: true } }] }) ?? [])].sort(),
    ).toEqual(['a', 'b', 'd', 'e']);
    expect(filterFields({ $expr: { $gt: ['$a', 1] } })).toBeUndefined();
    expect(
      [
        ...(pipelineFields([
          { $match: { w: 1 } },
          { $group: { _id: '$industry', total: { $sum: '$revenue.amount' } } },
        ]) ?? []),
      ].sort(),
    ).toEqual(['industry', 'revenue', 'w']);
    expect(pipelineFields([{ $group: { _id: '$$ROOT' } }])).toBeUndefined();
    expect([...(pipelineFields([{ $project: { name: 1 } }]) ?? [])].sort()).toEqual(['_id', 'name']);
    expect([...(pipelineFields([{ $project: { _id: 0, n: '$a.b' } }]) ?? [])]).toEqual(['a']);
    expect(pipelineFields([{ $sort: { a: 1 } }])).toBeUndefined();
    expect(pipelineFields([{ $addFields: { a: 1 } }, { $group: { _id: '$a' } }])).toBeUndefined();
  });
});
