import { decodeCursor, encodeCursor } from '../cursor';

describe('opaque cursors', () => {
  it('round-trips a position', () => {
    const cursor = encodeCursor({ key: '2026-01-01T00:00:00.000Z', id: 'abc' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ key: '2026-01-01T00:00:00.000Z', id: 'abc' });
    expect(decodeCursor(encodeCursor({ key: null, id: 'x' }))).toEqual({ key: null, id: 'x' });
  });

  it('refuses tampered or foreign cursors with a 400', () => {
    for (const bad of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), '']) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ status: 400, message: 'cursor is invalid' }));
    }
  });
});
