import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import { authRequest } from '@/lib/session-token';
import { afterPaymentAnswer, afterPaymentRefusal } from './refresh-after-payment';

/**
 * POST /api/orders/{id}/payment/sync (buyer): after the browser finished 3-D Secure, the server asks the provider
 * how the payment stands and answers like POST .../payment.
 */
export function syncPayment(orderId: string): Promise<PaymentResultDto> {
  return authRequest<PaymentResultDto>(`/api/orders/${encodeURIComponent(orderId)}/payment/sync`, { method: 'POST' });
}

export function useSyncPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => syncPayment(orderId),
    onSuccess: (result, orderId) => afterPaymentAnswer(queryClient, orderId, result),
    onError: (error, orderId) => afterPaymentRefusal(queryClient, orderId, error),
  });
}
