/**
 * The one error type of the API, in PocketBase's wire shape `{status, message, data}`.
 * `data` holds per-field validation details only; causes are logged, never serialised.
 */

export type FieldError = { code: string; message: string; params?: Record<string, unknown> };
export type ErrorData = { [key: string]: FieldError | ErrorData | unknown };

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Something went wrong while processing your request.',
  401: 'Missing or invalid authentication.',
  403: 'You are not allowed to perform this request.',
  404: "The requested resource wasn't found.",
  413: 'Request entity too large.',
  429: 'Too Many Requests.',
  500: 'Something went wrong while processing your request.',
};

/** Capitalises and ends the message with a full stop, as the protocol's messages do. */
function sentenize(message: string): string {
  const m = message.trim();
  if (!m) return m;
  const first = m[0]!.toUpperCase() + m.slice(1);
  return /[.?!]$/.test(first) ? first : `${first}.`;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: ErrorData;

  constructor(status: number, message = '', data: ErrorData = {}, options?: { cause?: unknown }) {
    super(sentenize(message) || DEFAULT_MESSAGES[status] || DEFAULT_MESSAGES[400]!, options);
    this.status = status;
    this.data = data;
  }

  toJSON(): { data: ErrorData; message: string; status: number } {
    return { data: this.data, message: this.message, status: this.status };
  }

  static badRequest(message = '', data: ErrorData = {}): ApiError {
    return new ApiError(400, message, data);
  }
  static unauthorized(message = ''): ApiError {
    return new ApiError(401, message);
  }
  static forbidden(message = ''): ApiError {
    return new ApiError(403, message);
  }
  static notFound(message = ''): ApiError {
    return new ApiError(404, message);
  }
  static tooLarge(message = ''): ApiError {
    return new ApiError(413, message);
  }
  static tooManyRequests(message = ''): ApiError {
    return new ApiError(429, message);
  }
}

/** A collection of field errors that becomes one 400 with `data.<field> = {code, message}`. */
export class ValidationErrors {
  readonly fields: Record<string, FieldError> = {};

  add(field: string, code: string, message: string, params?: Record<string, unknown>): void {
    if (!this.fields[field]) this.fields[field] = params ? { code, message, params } : { code, message };
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  throwIfAny(message: string): void {
    if (!this.empty) throw ApiError.badRequest(message, this.fields);
  }
}

/** Turns anything thrown into an ApiError; unknown errors become a generic 400 or 500 without details. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: number; code?: string } | null;
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') return ApiError.tooLarge();
    if (e.statusCode === 415) return ApiError.badRequest('Unsupported Content-Type.');
    if (e.statusCode === 404) return ApiError.notFound();
    return ApiError.badRequest();
  }
  return new ApiError(500, '', {}, { cause: err });
}
