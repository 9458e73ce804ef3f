import { AppError } from '../errors';
import { SingleLine, Strict, Text, Type } from '../api/schema';
import { bodyValidator, queryValidator } from '../validation';

const createKey = bodyValidator<{ name: string; expires_in_days?: number }>({
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 5 },
    expires_in_days: { type: 'integer', minimum: 1, maximum: 730 },
    address: {
      type: 'object',
      additionalProperties: false,
      properties: { city: { type: 'string', maxLength: 3 } },
    },
  },
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).code).toBe('validation_failed');
    return (error as AppError).message;
  }
  throw new Error('expected a validation error');
}

describe('request validation', () => {
  it('accepts a valid body and returns it', () => {
    expect(createKey({ name: 'abc', expires_in_days: 3 })).toEqual({ name: 'abc', expires_in_days: 3 });
  });

  it('names the unknown field', () => {
    expect(messageOf(() => createKey({ name: 'a', colour: 'red' }))).toBe("unknown field 'colour'");
  });

  it('names a missing required field', () => {
    expect(messageOf(() => createKey({}))).toBe('name is required');
  });

  it('names the field that is out of range, including nested paths', () => {
    expect(messageOf(() => createKey({ name: 'abcdef' }))).toMatch(/^name must NOT have more than 5 characters/);
    expect(messageOf(() => createKey({ name: 'a', expires_in_days: 731 }))).toMatch(/^expires_in_days must be <= 730/);
    expect(messageOf(() => createKey({ name: 'a', address: { city: 'London' } }))).toMatch(/^address\.city /);
    expect(messageOf(() => createKey({ name: 'a', address: { zip: '1' } }))).toBe("unknown field 'address.zip'");
  });

  it('refuses a body that is not an object', () => {
    expect(messageOf(() => createKey(['x']))).toBe('body must be object');
  });

  it('coerces query strings and applies defaults', () => {
    const query = queryValidator<{ limit: number; deleted: boolean }>({
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 25 },
        deleted: { type: 'boolean', default: false },
      },
    });
    expect(query({ limit: '10', deleted: 'true' })).toEqual({ limit: 10, deleted: true });
    expect(query({})).toEqual({ limit: 25, deleted: false });
    expect(messageOf(() => query({ limit: '51' }))).toMatch(/^limit must be <= 50/);
  });

  describe('one-line and free text', () => {
    const note = bodyValidator<{ name: string; body?: string }>(
      Strict({ name: SingleLine({ maxLength: 200 }), body: Type.Optional(Text({ maxLength: 2000 })) }),
    );
    const bidiControls = [
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];

    it.each(bidiControls.map((control) => [control.codePointAt(0)!.toString(16), control]))(
      'refuses the bidirectional control U+%s in one-line text',
      (_name, control) => {
        expect(messageOf(() => note({ name: `invoice${control}fdp.exe` }))).toBe(
          'name must be one line of text without control characters',
        );
      },
    );

    it('refuses C0 and C1 control characters in both, and keeps line breaks and bidirectional controls in free text', () => {
      expect(messageOf(() => note({ name: 'a\u0085b' }))).toBe(
        'name must be one line of text without control characters',
      );
      expect(messageOf(() => note({ name: 'a', body: 'x\u009by' }))).toBe(
        'body must be text without control characters',
      );
      expect(note({ name: 'مرحبا Ann', body: 'line one\r\n\u200fمرحبا\u202b(1)\u202c\tend' })).toEqual({
        name: 'مرحبا Ann',
        body: 'line one\r\n\u200fمرحبا\u202b(1)\u202c\tend',
      });
    });
  });
});
