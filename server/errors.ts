/**
 * The one domain error type. Domain modules throw it with a contract error code;
 * the API layer (server/api/errors.ts) is the only place that turns it into an HTTP status.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_digipin: 400,
  /** A decision policy that fails its schema or its guards; details name each problem. */
  invalid_policy: 400,
  unauthenticated: 401,
  live_key_required: 403,
  test_fixture_required: 403,
  forbidden: 403,
  not_found: 404,
  batch_not_found: 404,
  verification_not_found: 404,
  confirmation_not_found: 404,
  method_not_allowed: 405,
  /** A body that stopped arriving, or a request slower than the server's timeouts (docs/operations.md). */
  request_timeout: 408,
  idempotency_key_reused: 409,
  batch_active: 409,
  ambiguous_order_id: 409,
  /** A buyer's confirmation link that is confirmed or expired takes nothing more (docs/confirmations.md). */
  confirmation_closed: 409,
  results_expired: 410,
  payload_too_large: 413,
  /** The console's tRPC endpoint takes JSON bodies only. */
  unsupported_media_type: 415,
  batch_exceeds_plan_cap: 422,
  /** A workspace cap (active keys, webhook endpoints) is full; docs/decisions.md. */
  limit_reached: 422,
  live_verification_required: 422,
  rate_limited: 429,
  quota_exhausted: 429,
  internal_error: 500,
  provider_error: 502,
  provider_unavailable: 503,
  provider_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

export class DakiyaError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Response headers that belong to the failure, such as Retry-After. */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "DakiyaError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
