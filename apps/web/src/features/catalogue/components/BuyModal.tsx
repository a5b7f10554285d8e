import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { MeDto } from '@bindings/MeDto';
import type { OrderDto } from '@bindings/OrderDto';
import { CONTACT_FIELDS, ContactFields, contactShape } from '@/components/forms/ContactFields';
import { PaymentMethodFields } from '@/components/forms/PaymentMethodFields';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { usePlaceOrder } from '@/lib/api/place-order';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatTaka } from '@/lib/format';
import { serverWords, textToken } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { PAYMENT_METHODS, whyNoCard } from '@/lib/payment-methods';

/**
 * The spec's messages, word for word in English. Name, e-mail, book and price come filled in and cannot be changed
 * here. Tokens: the schema is built before any language is known (the form shows them in the reader's). How the buyer
 * pays is one of the radio group's values, cash unless they choose otherwise.
 */
export const buySchema = z.object({
  name: z.string().trim().min(1, textToken('shop:buy.nameRequired')),
  email: z.string().trim().min(1, textToken('shop:buy.emailRequired')),
  title: z.string().trim().min(1, textToken('shop:buy.bookRequired')),
  price: z.string().trim().min(1, textToken('shop:buy.priceRequired')),
  ...contactShape,
  paymentMethod: z.enum(PAYMENT_METHODS),
});
type BuyValues = z.infer<typeof buySchema>;


/**
 * Why the order was refused, when the reason belongs to no single field. It stays in state while the reader may switch
 * language, so the two refusals this form knows are tokens, which the alert reads in the language on screen: a reader
 * of English reads the server's own words (the English text says the same, should it send none).
 */
type Refusal = { kind: 'taken' | 'tooMany' | 'other'; message: string };

function refusalOf(error: unknown): Refusal {
  if (isApiError(error) && error.code === 'book_unavailable') return { kind: 'taken', message: serverWords('shop:buy.taken', error.message) };
  if (isApiError(error) && error.code === 'too_many_pending_orders') {
    return { kind: 'tooMany', message: serverWords('shop:buy.tooMany', error.message) };
  }
  return { kind: 'other', message: userMessage(error) };
}

interface BuyModalProps {
  book: BookDetailDto;
  buyer: MeDto;
  onClose: () => void;
  /** The order the server placed (or the pending one this buyer already held for the book): the page goes to it. */
  onPlaced: (order: OrderDto) => void;
}

/**
 * The buy form: who is buying and what, filled in and read-only, then where and how the seller can reach the buyer,
 * and how they will pay (a card only where this server takes one for this price). A refusal stays in the form: the book was taken meanwhile (the page behind it refreshes to say so), too many unpaid
 * orders, or the server's field messages beside the phone and location.
 */
export function BuyModal({ book, buyer, onClose, onPlaced }: BuyModalProps) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const place = usePlaceOrder();
  const config = usePublicConfig();
  const noCard = whyNoCard(config.data?.payments, book.resalePrice);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<BuyValues>({
    resolver: zodResolver(buySchema),
    defaultValues: {
      name: buyer.name,
      email: buyer.email,
      title: book.title,
      price: formatTaka(book.resalePrice, language),
      phone: '',
      location: '',
      paymentMethod: 'cash',
    },
  });
  const { errors } = form.formState;
  const { setValue } = form;
  // The price is shown, never sent: it follows the reader's digits when they switch language with the form open.
  useEffect(() => setValue('price', formatTaka(book.resalePrice, language)), [setValue, book.resalePrice, language]);
  const sending = place.isPending;
  const taken = refusal?.kind === 'taken';


  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      // A card that cannot be used here is never offered; should it be asked for anyway, cash is what the server makes it.
      const paymentMethod = noCard ? 'cash' : values.paymentMethod;
      const order = await place.mutateAsync({ bookId: book.id, phone: values.phone, location: values.location, paymentMethod });
      toast.success(t('buy.confirmed'));
      onPlaced(order);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: CONTACT_FIELDS })) setRefusal(refusalOf(error));
    }
  });

  const field = (name: keyof BuyValues) => ({ error: errors[name]?.message, ...form.register(name) });
  const fields = {
    name: field('name'),
    email: field('email'),
    title: field('title'),
    price: field('price'),
    phone: field('phone'),
    location: field('location'),
  };
  const paymentMethod = form.register('paymentMethod');
  const fromAccount = { readOnly: true } as const;

  return (
    <Modal title={t('buy.title')} onClose={onClose} busy={sending} className="sm:max-w-lg">
      <p className="mt-1 text-base-content/75">{t('buy.intro')}</p>
      <form noValidate onSubmit={onSubmit} aria-label={t('buy.title')} className="mt-5 flex flex-col gap-4">
        <fieldset className="grid gap-4 rounded-box bg-base-200/60 p-4 sm:grid-cols-2">
          <legend className="sr-only">{t('buy.legend')}</legend>
          <TextField label={t('buy.name')} autoComplete="name" {...fromAccount} {...fields.name} />
          <TextField label={t('buy.email')} type="email" autoComplete="email" {...fromAccount} {...fields.email} />
          <TextField label={t('buy.book')} {...fromAccount} {...fields.title} />
          <TextField label={t('buy.price')} {...fromAccount} {...fields.price} />
        </fieldset>
        {/* The only fields the server reads from the form (the rest it takes from the account and the book). */}
        <ContactFields phone={fields.phone} location={fields.location} autoFocusPhone />
        <PaymentMethodFields field={paymentMethod} noCard={noCard} cardMinimum={config.data?.payments.cardMinimumTaka ?? 0} />
        <FormAlert message={refusal?.message} />
        {refusal?.kind === 'tooMany' && (
          <Link to="/dashboard/myOrders" className="link link-primary -mt-2 w-fit text-sm font-semibold">
            {t('buy.myOrders')}
          </Link>
        )}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={sending}>
            {taken ? t('buy.close') : t('buy.cancel')}
          </button>
          {!taken && (
            <button type="submit" className="btn btn-primary min-w-32" disabled={sending} aria-busy={sending || undefined}>
              {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('buy.placeOrder', { price: formatTaka(book.resalePrice, language) })}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
