import { serializeDocument } from '../bson-values';
import { DecodedDocuments } from '../decoded-documents';

describe('DecodedDocuments', () => {
  const bytesOf = (document: Record<string, unknown>) => serializeDocument(document);

  it('gives a copy each time: changing what a read returned never changes the next read', () => {
    const decoded = new DecodedDocuments(10);
    const bytes = bytesOf({
      _id: 'a',
      name: 'Acme',
      tags: ['x'],
      address: { city: 'Leeds' },
      at: new Date('2027-01-01T00:00:00Z'),
    });
    const first = decoded.copyOf(bytes);
    first.name = 'Changed';
    (first.tags as string[]).push('y');
    (first.address as { city: string }).city = 'York';
    (first.at as Date).setUTCFullYear(2030);
    expect(decoded.copyOf(bytes)).toEqual({
      _id: 'a',
      name: 'Acme',
      tags: ['x'],
      address: { city: 'Leeds' },
      at: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('keeps a stored field named __proto__ a field of the copy', () => {
    const decoded = new DecodedDocuments(10);
    const bytes = serializeDocument(JSON.parse('{"_id":"p","custom":{"__proto__":{"polluted":true}}}'));
    const copy = decoded.copyOf(bytes);
    const again = decoded.copyOf(bytes);
    expect(Object.keys(again.custom as object)).toEqual(['__proto__']);
    expect((again.custom as { polluted?: unknown }).polluted).toBeUndefined();
    expect(copy).not.toBe(again);
  });

  it('decodes the bytes it was given, also after dropping the least recently read beyond its capacity', () => {
    const decoded = new DecodedDocuments(2);
    const all = ['a', 'b', 'c'].map((id) => bytesOf({ _id: id }));
    for (const bytes of [...all, ...all])
      expect(decoded.copyOf(bytes)._id).toBe(String.fromCharCode(97 + all.indexOf(bytes)));
  });
});
