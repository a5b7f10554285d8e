import type { MeDto } from '@bindings/MeDto';
import { authRequest } from '../session-token';

/** GET /api/me: the signed-in account as the server knows it (name, e-mail, role, verified, photo). */
export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeDto> {
  return authRequest<MeDto>('/api/me', { signal });
}
