import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoldOrderDto } from '@bindings/SoldOrderDto';
import { authRequest } from '@/lib/session-token';
import { refreshListings } from './get-my-books';

/**
 * POST /api/orders/{id}/handover: the seller enters the code the buyer tells them at the meeting. The right code
 * completes the order (cash paid there) and sells the book; a wrong one answers `wrong_handover_code`, five of them
 * `handover_locked` for 15 minutes.
 */
export function handOver(orderId: string, code: string): Promise<SoldOrderDto> {
  return authRequest<SoldOrderDto>(`/api/orders/${encodeURIComponent(orderId)}/handover`, { method: 'POST', body: { code } });
}

export function useHandOver(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => handOver(orderId, code),
    onSuccess: () => refreshListings(queryClient),
  });
}
