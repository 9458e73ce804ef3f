import { validationFailed } from './errors';

// Opaque cursors: the position after the last item of a page (its sort key and id), so a
// page boundary stays stable when records are inserted before or after it.
export interface CursorPosition {
  key: string | number | null;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[1] === 'string' &&
      (parsed[0] === null || ['string', 'number'].includes(typeof parsed[0]))
    ) {
      return { key: parsed[0] as CursorPosition['key'], id: parsed[1] };
    }
  } catch {
    // fall through to the validation error
  }
  throw validationFailed('cursor is invalid');
}
