import type { Request } from 'express';
import { AppError } from '@crm/kit';

// The request's bytes as they arrived (operations declared `rawBody`): a webhook's signature is
// checked over exactly these, and hosted pages read their form posts from them.
export async function readRawBody(req: Request, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limitBytes) throw new AppError('payload_too_large', `request body exceeds ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

// A browser's form post (application/x-www-form-urlencoded).
export async function readForm(req: Request, limitBytes: number): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  const body = await readRawBody(req, limitBytes);
  if (body.length > 0 && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new AppError('validation_failed', 'the form must be sent as application/x-www-form-urlencoded');
  }
  return new URLSearchParams(body.toString('utf8'));
}
