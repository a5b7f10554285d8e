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

/** The server's message for an account that no longer exists (spec section 6): the user is signed out. */
export const FORBIDDEN_ACCESS = 'Forbidden Access';

export function isForbiddenAccess(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.message.trim() === FORBIDDEN_ACCESS;
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

/** When the body is not our JSON (a proxy page, an empty body), pick a code from the status. */
function fallbackCode(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'invalid_query';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'internal';
}

const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';
const OFFLINE_MESSAGE = "We couldn't reach Puronoboi. Check your connection and try again.";

/** Reads a failed answer into an ApiError, keeping the server's code and human message when it sent them. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall through to a status-derived error.
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message);
  return new ApiError(response.status, fallbackCode(response.status), FALLBACK_MESSAGE);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** A plain object is sent as JSON; FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
}

/** fetch, with a network failure turned into an "unavailable" ApiError (status 0). Answers the raw Response. */
export async function send(path: string, { method = 'GET', headers = {}, body, signal }: RequestOptions = {}): Promise<Response> {
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers }, signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'unavailable', OFFLINE_MESSAGE);
  }
}

/** The JSON of a 2xx answer, or the ApiError it stands for. */
export async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

/** Any call to our own server that needs no sign-in. Paths are relative ("/api/..."). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options));
}

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
  return readJson<T>(response);
}
