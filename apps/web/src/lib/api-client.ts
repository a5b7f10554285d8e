import type { ErrorBody } from '@bindings/ErrorBody';
import type { ErrorCode } from '@bindings/ErrorCode';

/** A failed API call: the HTTP status plus the server's machine-readable code and human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;

  constructor(status: number, code: ErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.isNotFound;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const detail = (value as { error: unknown }).error;
  return (
    typeof detail === 'object' &&
    detail !== null &&
    typeof (detail as { code?: unknown }).code === 'string' &&
    typeof (detail as { message?: unknown }).message === 'string'
  );
}

/** When the body is not our JSON error (a proxy page, an empty body), pick a code from the status. */
function fallbackCode(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'invalid_query';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'internal';
}

const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';
const OFFLINE_MESSAGE = "We couldn't reach Puronoboi. Check your connection and try again.";

/**
 * GET a JSON resource from our own server. Paths are relative ("/api/..."): the production server
 * serves the app and the API on one origin, and vite proxies them in development.
 */
export async function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal: init.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'unavailable', OFFLINE_MESSAGE);
  }

  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: fall through to a status-derived error.
    }
    if (isErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message);
    }
    throw new ApiError(response.status, fallbackCode(response.status), FALLBACK_MESSAGE);
  }

  return (await response.json()) as T;
}
