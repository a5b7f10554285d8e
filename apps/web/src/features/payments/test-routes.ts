// Test-only: server answers the payment tests share.
import type { PaymentResultDto } from '@bindings/PaymentResultDto';
import type { PaymentsConfigDto } from '@bindings/PaymentsConfigDto';
import type { PublicConfigDto } from '@bindings/PublicConfigDto';
import { EMULATOR_CONFIG } from '@/test/fixtures';

export const STRIPE_PAYMENTS: PaymentsConfigDto = {
  provider: 'stripe',
  publishableKey: 'pk_test_puronoboi_local',
  stripeJsUrl: 'http://localhost:8420/js.stripe.com/v3/',
  cardMinimumTaka: 60,
};

export function configWith(payments: Partial<PaymentsConfigDto> = {}): PublicConfigDto {
  return { ...EMULATOR_CONFIG, payments: { ...STRIPE_PAYMENTS, ...payments } };
}

export function result(overrides: Partial<PaymentResultDto> = {}): PaymentResultDto {
  return { status: 'succeeded', clientSecret: null, transactionId: 'pi_3Paid000000001', message: null, failureReason: null, ...overrides };
}
