import type { OrderStatusDto } from '@bindings/OrderStatusDto';

/**
 * The badge colour of an order's status, wherever an order is shown (the buyer's orders and checkout, the admin's
 * account pages); each place words the status from its own catalogue.
 */
export const ORDER_STATUS_BADGE: Readonly<Record<OrderStatusDto, string>> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  // Paid, but only held: the money is taken at the handover.
  held: 'badge-info',
  completed: 'badge-success',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
};
