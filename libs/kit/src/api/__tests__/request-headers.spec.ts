import type { Request } from 'express';
import { entityTagOf, idempotencyKeyOf, ifMatchHolds, ifNoneMatchMatches, preconditionsOf } from '../request-headers';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as Request;

describe('Idempotency-Key', () => {
  it('takes 1 to 255 printable ASCII characters and refuses anything else naming the header', () => {
    expect(idempotencyKeyOf(withHeaders({}))).toBeUndefined();
    expect(idempotencyKeyOf(withHeaders({ 'idempotency-key': 'a b~1' }))).toBe('a b~1');
    expect(idempotencyKeyOf(withHeaders({ 'idempotency-key': 'x'.repeat(255) }))).toHaveLength(255);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'naïve']) {
      expect(() => idempotencyKeyOf(withHeaders({ 'idempotency-key': bad }))).toThrow(
        /Idempotency-Key must be 1 to 255 printable ASCII/,
      );
    }
  });
});

describe('entity tags', () => {
  const tag = entityTagOf(7, { id: 'a', name: 'Acme' });

  it('name the version and the body', () => {
    expect(tag).toMatch(/^"v7-[0-9a-f]{16}"$/);
    expect(entityTagOf(7, { id: 'a', name: 'Acme' })).toBe(tag);
    expect(entityTagOf(7, { id: 'a', name: 'Other' })).not.toBe(tag);
    expect(entityTagOf(8, { id: 'a', name: 'Acme' })).not.toBe(tag);
  });

  it('match If-Match by the version, strongly, and If-None-Match by the whole tag, weakly', () => {
    const conditions = (headers: Record<string, string>) => preconditionsOf(withHeaders(headers));
    expect(ifMatchHolds(conditions({ 'if-match': tag }).ifMatch!, 7)).toBe(true);
    expect(ifMatchHolds(conditions({ 'if-match': '"v7-0000000000000000"' }).ifMatch!, 7)).toBe(true);
    expect(ifMatchHolds(conditions({ 'if-match': tag }).ifMatch!, 8)).toBe(false);
    expect(ifMatchHolds(conditions({ 'if-match': `W/${tag}` }).ifMatch!, 7)).toBe(false);
    expect(ifMatchHolds(conditions({ 'if-match': `"v6-1", ${tag}` }).ifMatch!, 7)).toBe(true);
    expect(ifMatchHolds(conditions({ 'if-match': '*' }).ifMatch!, 3)).toBe(true);
    expect(ifMatchHolds(conditions({ 'if-match': '*' }).ifMatch!, null)).toBe(false);
    expect(ifMatchHolds(conditions({ 'if-match': '"something-else"' }).ifMatch!, 7)).toBe(false);
    expect(ifNoneMatchMatches(conditions({ 'if-none-match': `W/${tag}` }).ifNoneMatch!, tag)).toBe(true);
    expect(ifNoneMatchMatches(conditions({ 'if-none-match': '"v7-0000000000000000"' }).ifNoneMatch!, tag)).toBe(false);
    expect(ifNoneMatchMatches(conditions({ 'if-none-match': '*' }).ifNoneMatch!, tag)).toBe(true);
  });

  it('refuses headers that are not * or quoted tags', () => {
    for (const bad of ['v7', '"v7', '"v7" "v8"', '', 'W/v7']) {
      expect(() => preconditionsOf(withHeaders({ 'if-match': bad }))).toThrow(
        /If-Match must be \* or a list of quoted entity tags/,
      );
    }
  });
});
