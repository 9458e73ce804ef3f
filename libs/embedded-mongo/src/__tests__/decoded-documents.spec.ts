import { serializeDocument } from '../bson-values';
import { DecodedDocuments } from '../decoded-documents';
import { DocumentArena } from '../document-arena';

describe('DecodedDocuments', () => {
  const arena = new DocumentArena();
  const storedOf = (document: Record<string, unknown>) => arena.store(serializeDocument(document), 1, undefined);

  it('gives a copy each time: changing what a read returned never changes the next read', () => {
    const decoded = new DecodedDocuments(10_000);
    const stored = storedOf({
      _id: 'a',
      name: 'Acme',
      tags: ['x'],
      address: { city: 'Leeds' },
      at: new Date('2027-01-01T00:00:00Z'),
    });
    const first = decoded.copyOf(stored);
    first.name = 'Changed';
    (first.tags as string[]).push('y');
    (first.address as { city: string }).city = 'York';
    (first.at as Date).setUTCFullYear(2030);
    expect(decoded.copyOf(stored)).toEqual({
      _id: 'a',
      name: 'Acme',
      tags: ['x'],
      address: { city: 'Leeds' },
      at: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('keeps a stored field named __proto__ a field of the copy', () => {
    const decoded = new DecodedDocuments(10_000);
    const stored = storedOf(JSON.parse('{"_id":"p","custom":{"__proto__":{"polluted":true}}}'));
    const copy = decoded.copyOf(stored);
    const again = decoded.copyOf(stored);
    expect(Object.keys(again.custom as object)).toEqual(['__proto__']);
    expect((again.custom as { polluted?: unknown }).polluted).toBeUndefined();
    expect(copy).not.toBe(again);
  });

  it('decodes the version it was given, also after dropping the least recently read beyond its capacity', () => {
    const all = ['a', 'b', 'c'].map((id) => storedOf({ _id: id }));
    // Room for two of them.
    const decoded = new DecodedDocuments(2 * all[0].byteLength);
    for (const stored of [...all, ...all])
      expect(decoded.copyOf(stored)._id).toBe(String.fromCharCode(97 + all.indexOf(stored)));
  });
});
