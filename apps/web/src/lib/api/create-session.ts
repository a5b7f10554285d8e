import type { SessionDto } from '@bindings/SessionDto';
import type { SessionRequestDto } from '@bindings/SessionRequestDto';
import { apiRequest } from '../api-client';

/**
 * POST /api/session: trades a Firebase ID token for our own short-lived access token and the account. The first
 * call for an identity opens its account, as a seller only when `accountType` says so (the server decides).
 */
export function createSession(idToken: string, request: SessionRequestDto = {}): Promise<SessionDto> {
  return apiRequest<SessionDto>('/api/session', {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
    body: request,
  });
}
