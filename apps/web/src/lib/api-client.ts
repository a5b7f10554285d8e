import type { ErrorBody } from '@bindings/ErrorBody';
import type { ErrorCode } from '@bindings/ErrorCode';
import type { FieldReason } from '@bindings/FieldReason';
import { takePageAnswer } from './page-answers';

/** A failed API call: the HTTP status plus the server's machine-readable code and human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** With `validation_failed`: what is wrong with each field, by the server's camelCase field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** With `validation_failed`: why each field was refused, as a code (and the rule's bounds), by the same names. */
  readonly reasons: Readonly<Record<string, FieldReason>>;
  /** With `wrong_handover_code`: how many more codes may be tried before the order's code locks. */
  readonly attemptsLeft: number | undefined;
  /** With `rate_limited`: the seconds the server's `Retry-After` asks to wait, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    fields: Readonly<Record<string, string>> = {},
    reasons: Readonly<Record<string, FieldReason>> = {},
    attemptsLeft?: number,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reasons = reasons;
    this.attemptsLeft = attemptsLeft;
    this.retryAfterSeconds = retryAfterSeconds;
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

/**
 * The account no longer exists: the server answers 403 `account_deleted` ("Forbidden Access"), and the user is signed
 * out. The only answer that signs anyone out for that reason; a 403 `wrong_role` never does.
 */
export function isAccountDeleted(error: unknown): boolean {
  return isApiError(error) && error.code === 'account_deleted';
}

/**
 * The Firebase sign-in has ended: POST /api/session answers 401 `sign_in_again` for an ID token from a sign-in made
 * before the account's sign-ins were ended (a logout on any device). Renewing from that sign-in cannot work.
 */
export function isSignInEnded(error: unknown): boolean {
  return isApiError(error) && error.code === 'sign_in_again';
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

/**
 * When the body is not our JSON (a proxy or load balancer answered, or the body is empty), pick a code from the
 * status. Our server always sends its JSON, so these codes must never claim more than the status says: a proxy's 403
 * says nothing about the account (`wrong_role` explains, `account_deleted` would sign the user out), and a bare 409
 * is no evidence that a book was sold or an e-mail taken, so it reads as a refused request (`invalid_input`).
 */
export function fallbackCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'wrong_role';
    case 404:
      return 'not_found';
    case 408:
      return 'unavailable';
    case 413:
      // The app's only uploads are pictures: a proxy's body-size limit means the same as ours to the user.
      return 'image_too_large';
    case 415:
      return 'unsupported_image';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return status >= 400 && status < 500 ? 'invalid_input' : 'internal';
  }
}

// The messages below are English, as the server's own are: a reader of another language reads the catalogue's text
// for the error's code instead (or, for OFFLINE_MESSAGE, the offline text), through userMessage in error-handling.ts.
const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.';
const OFFLINE_MESSAGE = "We couldn't reach Puronoboi. Check your connection and try again.";

/** What to say when the body carried no message of ours: plain words for the statuses a user can act on. */
function fallbackMessage(status: number): string {
  if (status === 401) return 'Please log in again.';
  if (status === 403) return 'Your account cannot do this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 413) return 'That file is too large.';
  if (status === 415) return 'That file is not a picture we can use (JPEG, PNG or WebP).';
  if (status === 429) return 'Too many requests. Please wait a minute and try again.';
  if (status >= 400 && status < 500) return 'The request was refused. Please check it and try again.';
  return FALLBACK_MESSAGE;
}

function stringFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The reasons of a `validation_failed` answer that have a code; anything else is left out. */
function fieldReasons(reasons: unknown): Record<string, FieldReason> {
  if (typeof reasons !== 'object' || reasons === null) return {};
  return Object.fromEntries(
    Object.entries(reasons).filter(
      (entry): entry is [string, FieldReason] =>
        typeof entry[1] === 'object' && entry[1] !== null && typeof (entry[1] as { code?: unknown }).code === 'string',
    ),
  );
}

/** `Retry-After` in seconds (the server sends seconds, never a date); undefined when absent or unreadable. */
function retryAfterOf(response: Response): number | undefined {
  const raw = response.headers.get('Retry-After');
  const seconds = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** Reads a failed answer into an ApiError, keeping the server's code, human message and field errors when it sent them. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall through to a status-derived error.
  }
  if (isErrorBody(body)) {
    return new ApiError(
      response.status,
      body.error.code,
      body.error.message,
      stringFields(body.error.fields),
      fieldReasons(body.error.reasons),
      typeof body.error.attemptsLeft === 'number' ? body.error.attemptsLeft : undefined,
      retryAfterOf(response),
    );
  }
  return new ApiError(response.status, fallbackCode(response.status), fallbackMessage(response.status), {}, {}, undefined, retryAfterOf(response));
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

/**
 * The JSON of a 2xx answer, or the ApiError it stands for. A 204 (a deletion) has no body: callers that expect one
 * ask for `void`.
 */
export async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
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
  const embedded = takePageAnswer(path);
  if (embedded) return embedded.value as T;
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal: init.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'unavailable', OFFLINE_MESSAGE);
  }
  return readJson<T>(response);
}
