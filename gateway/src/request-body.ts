import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError, BODY_LIMIT, isJsonRequest } from '@crm/kit';
import type { Route } from './route-table';

// The content codings a request body may come in (Content-Encoding). The gateway decodes them,
// once, and forwards the decoded body without the header: services never see a coded body. The
// body limit counts the decoded bytes, so a small body that expands past it is refused (413)
// after reading no more than the limit.
export const ACCEPTED_CONTENT_CODINGS = ['gzip', 'deflate', 'br'] as const;
const ACCEPT_ENCODING = ACCEPTED_CONTENT_CODINGS.join(', ');

// The request's content coding: identity, one of the accepted ones, or what was sent, when it is
// none of them (several codings in a row included).
export function contentCodingOf(req: IncomingMessage): string {
  const header = req.headers['content-encoding'];
  if (header === undefined) return 'identity';
  const coding = header.trim().toLowerCase();
  return coding === '' ? 'identity' : coding;
}

function unsupportedCoding(coding: string, streamed: boolean): AppError {
  const accepted = streamed
    ? 'send the bytes as they are (no Content-Encoding)'
    : `send it as ${ACCEPT_ENCODING} or without one`;
  return new AppError('unsupported_media_type', `Content-Encoding '${coding}' is not supported: ${accepted}`, 415, {
    'Accept-Encoding': streamed ? 'identity' : ACCEPT_ENCODING,
  });
}

// What a reader's failure becomes: body-parser marks its own errors with a `type` (too large,
// aborted); a decompressor's error has none and means the coded bytes are broken.
function readFailure(error: unknown, coding: string): unknown {
  const type = (error as { type?: unknown } | null)?.type;
  if (coding !== 'identity' && type === undefined) {
    return new AppError('validation_failed', `request body is not valid ${coding} data (Content-Encoding: ${coding})`);
  }
  return error;
}

export interface GatewayBody {
  rawBody?: Buffer;
}

// Reads a request's body whole, decoded, up to 1 MiB or its route's `bodyLimit`, and refuses a
// JSON body that does not parse. Streamed routes (file bytes behind signed URLs) are passed on
// as they arrive and take no content coding: the stored file is the bytes sent.
export function bodyReader(routes: readonly Route[]) {
  const readBody = express.raw({ type: () => true, limit: BODY_LIMIT });
  // Routes that allow a larger body read it with their own limit.
  const largeReaders = new Map(
    routes
      .filter((route) => route.bodyLimit)
      .map((route) => [route, express.raw({ type: () => true, limit: route.bodyLimit })]),
  );
  return (req: Request & GatewayBody, res: Response, next: NextFunction, owner: Route): void => {
    const coding = contentCodingOf(req);
    if (owner.streamed) {
      if (coding === 'identity') next();
      else next(unsupportedCoding(coding, true));
      return;
    }
    if (coding !== 'identity' && !(ACCEPTED_CONTENT_CODINGS as readonly string[]).includes(coding)) {
      next(unsupportedCoding(coding, false));
      return;
    }
    (largeReaders.get(owner) ?? readBody)(req, res, (error?: unknown) => {
      if (error) {
        next(readFailure(error, coding));
        return;
      }
      const body = req.body as unknown;
      req.rawBody = Buffer.isBuffer(body) ? body : undefined;
      if (req.rawBody && req.rawBody.length > 0 && isJsonRequest(req)) {
        try {
          JSON.parse(req.rawBody.toString('utf8'));
        } catch {
          next(new AppError('validation_failed', 'request body is not valid JSON'));
          return;
        }
      }
      next();
    });
  };
}
