// Every answer that is not a success, and every request that got no answer, reaches the caller as
// a CrmError: the API's error body (`{error: {code, message}}`) with the HTTP status and the
// request id to quote to support.

export interface CrmErrorFields {
  status: number;
  code: string;
  message: string;
  requestId?: string;
  // The whole error body as answered (some errors carry more than code and message).
  body?: unknown;
}

export class CrmError extends Error {
  // HTTP status; 0 when no answer arrived (network error, timeout).
  readonly status: number;
  // The API's error code (`validation_failed`, `not_found`, `precondition_failed`, …), or
  // `network_error` when no answer arrived.
  readonly code: string;
  // The `x-request-id` of the answer, when there was one.
  readonly requestId?: string;
  readonly body?: unknown;

  constructor(fields: CrmErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.name = 'CrmError';
    this.status = fields.status;
    this.code = fields.code;
    this.requestId = fields.requestId;
    this.body = fields.body;
  }

  // The answer's error as a CrmError; a body that is not the API's error form keeps the status.
  static fromResponse(response: Response, body: unknown): CrmError {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const requestId = response.headers.get('x-request-id') ?? undefined;
    return new CrmError({
      status: response.status,
      code: typeof error?.code === 'string' ? error.code : `http_${response.status}`,
      message:
        typeof error?.message === 'string'
          ? error.message
          : `${response.status} ${response.statusText || 'error'}`.trim(),
      requestId,
      body,
    });
  }
}
