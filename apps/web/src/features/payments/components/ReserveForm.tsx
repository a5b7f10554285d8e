import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LuArrowRight } from 'react-icons/lu';
import type { OrderDto } from '@bindings/OrderDto';
import { CONTACT_FIELDS, ContactFields, contactShape, type ContactValues } from '@/components/forms/ContactFields';
import { PaymentMethodFields } from '@/components/forms/PaymentMethodFields';
import { FormAlert } from '@/components/ui/FormAlert';
import { isApiError } from '@/lib/api-client';
import { usePlaceOrder } from '@/lib/api/place-order';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { PAYMENT_METHODS, type NoCardReason } from '@/lib/payment-methods';

const reserveSchema = z.object({ ...contactShape, paymentMethod: z.enum(PAYMENT_METHODS) });
/** Where the seller can reach the buyer, as the form starts with it (how they pay starts as cash). */
export type ReserveValues = ContactValues;
type ReserveFormValues = z.infer<typeof reserveSchema>;

interface ReserveFormProps {
  bookId: string;
  /** Why no card can be offered for this book, or null when it can. */
  noCard: NoCardReason | null;
  /** The lowest price a card takes, in whole taka. */
  cardMinimum: number;
  /** Filled in from the buyer's newest order, when there is one. */
  defaults: ReserveValues;
  /** The order the server placed (or the pending one the buyer already held for the book). */
  onReserved: (order: OrderDto) => void;
  /** Someone else's order reached the server first. */
  onTaken: () => void;
}

/**
 * Step one of paying for a wish-list book: where and how the seller can reach the buyer and how they will pay, then
 * POST /api/orders holds the book for them. The new order's page follows: the handover code, and the card form for a
 * card.
 */
export function ReserveForm({ bookId, noCard, cardMinimum, defaults, onReserved, onTaken }: ReserveFormProps) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const place = usePlaceOrder();
  const titleId = useId();
  const [failure, setFailure] = useState<{ message: string; tooMany: boolean } | null>(null);
  const form = useForm<ReserveFormValues>({ resolver: zodResolver(reserveSchema), defaultValues: { ...defaults, paymentMethod: 'cash' } });
  const { errors } = form.formState;
  const sending = place.isPending;

  const phone = form.register('phone');
  const location = form.register('location');
  const paymentMethod = form.register('paymentMethod');
  // A card goes on to the card form; cash is settled at the meet-up, so the order is simply placed.
  const byCard = useWatch({ control: form.control, name: 'paymentMethod' }) === 'card' && noCard === null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const paymentMethod = noCard ? 'cash' : values.paymentMethod;
      onReserved(await place.mutateAsync({ bookId, phone: values.phone.trim(), location: values.location.trim(), paymentMethod }));
    } catch (error) {
      if (isApiError(error) && error.code === 'book_unavailable') {
        onTaken();
        return;
      }
      if (applyFieldErrors(error, form.setError, { fields: CONTACT_FIELDS })) return;
      setFailure({ message: userMessage(error), tooMany: isApiError(error) && error.code === 'too_many_pending_orders' });
    }
  });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-6">
      <div className="flex flex-col gap-1">
        <p className="section-eyebrow">{t('reserve.step', { step: formatNumber(1, language), steps: formatNumber(2, language) })}</p>
        <h2 id={titleId} className="text-xl font-semibold text-primary">
          {t('reserve.heading')}
        </h2>
        <p className="text-base-content/75">{t('reserve.text')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label={t('reserve.formLabel')} aria-busy={sending} className="flex flex-col gap-4">
        <ContactFields
          phone={{ error: errors.phone?.message, ...phone }}
          location={{ error: errors.location?.message, ...location }}
        />
        <PaymentMethodFields field={paymentMethod} noCard={noCard} cardMinimum={cardMinimum} />
        <FormAlert message={failure?.message} />
        {failure?.tooMany && (
          <Link to="/dashboard/myOrders" className="link link-primary -mt-2 w-fit text-sm font-semibold">
            {t('reserve.goToOrders')}
          </Link>
        )}
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={sending}>
          {sending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {byCard ? t('reserve.continue') : t('reserve.placeOrder')}
          {!sending && <LuArrowRight className="size-5" aria-hidden="true" />}
        </button>
      </form>
    </section>
  );
}
