import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import type { PayOrderDto } from '@bindings/PayOrderDto';
import { authRequest } from '@/lib/session-token';
import { afterPaymentAnswer, afterPaymentRefusal } from './refresh-after-payment';

/**
 * POST /api/orders/{id}/payment (buyer): charges the card Stripe.js tokenised. `failed` carries the provider's
 * message and leaves the order pending; `requires_action` carries the client secret for 3-D Secure; an order paid
 * already answers `succeeded`.
 */
export function payOrder(orderId: string, body: PayOrderDto): Promise<PaymentResultDto> {
  return authRequest<PaymentResultDto>(`/api/orders/${encodeURIComponent(orderId)}/payment`, { method: 'POST', body });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, cardToken }: { orderId: string; cardToken: string }) => payOrder(orderId, { cardToken }),
    onSuccess: (result, { orderId }) => afterPaymentAnswer(queryClient, orderId, result),
    onError: (error, { orderId }) => afterPaymentRefusal(queryClient, orderId, error),
  });
}
