import { Metadata, status, type handleBidiStreamingCall, type handleUnaryCall } from '@grpc/grpc-js';
import { toAppError, type AppError } from './errors';
import { callerOf, streamRecorderOf } from './grpc-server';
import type { GrpcCaller } from './grpc-service-token';
import { APP_CODE_KEY, statusOfAppError } from './grpc-status';
import type { Logger } from './logger';

// Handlers of gRPC methods made from async functions: what they throw crosses the wire as a
// status plus our error code.

// What a handler threw, as the AppError its caller receives; logged when it is a fault here.
function failure(logger: Logger, error: unknown): AppError {
  const appError = toAppError(error);
  // A dependency being down is an operational state, not a bug: no stack trace for it.
  if (appError.status === 503) logger.warn({ reason: appError.message }, 'grpc call failed: dependency unavailable');
  else if (appError.status >= 500) logger.error({ err: error }, 'grpc call failed');
  return appError;
}

// A bidirectional stream of requests, each answered on the stream by `answer`, or by `refusal`
// with the error `answer` threw (as it would cross the wire from a unary call): one long-lived
// stream for a caller that asks the same question for every request it serves, instead of a call
// each. Answers go in the order they are ready; a request's own id (in both messages) pairs them.
// When the caller ends its side, the stream ends once every request it sent is answered.
// `notices` (optional) sends messages of the server's own on each open stream: it is called once
// per stream with the stream's sender and returns what stops them, called when the stream ends.
export function answerStream<Request, Response>(
  logger: Logger,
  answer: (request: Request) => Promise<Response>,
  refusal: (request: Request, error: AppError) => Response,
  options: { notices?: (send: (notice: Response) => void) => () => void } = {},
): handleBidiStreamingCall<Request, Response> {
  return (call) => {
    const record = streamRecorderOf(call);
    let waiting = 0;
    let callerDone = false;
    const endWhenAnswered = () => {
      if (callerDone && waiting === 0 && !call.writableEnded) call.end();
    };
    if (options.notices) {
      const stop = options.notices((notice) => {
        if (!call.writableEnded && !call.destroyed) call.write(notice);
      });
      for (const ending of ['finish', 'close', 'cancelled', 'error']) call.once(ending, stop);
    }
    call.on('data', (request: Request) => {
      waiting += 1;
      const started = process.hrtime.bigint();
      Promise.resolve()
        .then(() => answer(request))
        .then(
          (response) => ({ response, code: status[status.OK] }),
          (error: unknown) => {
            const appError = failure(logger, error);
            return { response: refusal(request, appError), code: status[statusOfAppError(appError)] };
          },
        )
        .then(({ response, code }) => {
          waiting -= 1;
          record?.(code, Number(process.hrtime.bigint() - started) / 1e9);
          // A stream that ended meanwhile (expired, or the caller went away) takes nothing more.
          if (!call.writableEnded && !call.destroyed) call.write(response);
          endWhenAnswered();
        })
        // The refusal or the write failed: the stream ends with that error's status rather than
        // leave the request unanswered (and the caller waiting for it).
        .catch((error: unknown) => {
          const appError = failure(logger, error);
          call.emit('error', { code: statusOfAppError(appError), details: appError.message });
        });
    });
    call.on('end', () => {
      callerDone = true;
      endWhenAnswered();
    });
    // Errors end the stream (grpc-js answers its status); nothing is left to do here.
    call.on('error', () => undefined);
  };
}

// Wraps an async implementation: AppErrors cross the wire as a status plus our code. The server
// has verified the caller and runs this in the caller's context (currentContext()).
export function unary<Request, Response>(
  logger: Logger,
  implementation: (request: Request, metadata: Metadata, caller: GrpcCaller | undefined) => Promise<Response>,
): handleUnaryCall<Request, Response> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => implementation(call.request, call.metadata, callerOf(call)))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const appError = failure(logger, error);
          const metadata = new Metadata();
          metadata.set(APP_CODE_KEY, appError.code);
          callback({
            code: statusOfAppError(appError),
            details: appError.message,
            metadata,
          });
        },
      );
  };
}
