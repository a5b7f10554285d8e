import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { MeDto } from '@bindings/MeDto';
import type { OrderDto } from '@bindings/OrderDto';
import { CONTACT_FIELDS, ContactFields, contactShape } from '@/components/forms/ContactFields';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { usePlaceOrder } from '@/lib/api/place-order';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatTaka } from '@/lib/format';

export const ORDER_CONFIRMED_TOAST = 'Order Confirmed';
/** Said when someone else's order reached the server first (the server's own words, should it send none). */
export const BOOK_TAKEN_MESSAGE = 'Someone else has just ordered this book.';

/** The spec's messages, word for word. Name, e-mail, book and price come filled in and cannot be changed here. */
export const buySchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email Address is required'),
  title: z.string().trim().min(1, 'book is required'),
  price: z.string().trim().min(1, 'Price is required'),
  ...contactShape,
});
type BuyValues = z.infer<typeof buySchema>;


/** Why the order was refused, when the reason belongs to no single field. */
type Refusal = { kind: 'taken' | 'tooMany' | 'other'; message: string };

function refusalOf(error: unknown): Refusal {
  if (isApiError(error) && error.code === 'book_unavailable') return { kind: 'taken', message: error.message || BOOK_TAKEN_MESSAGE };
  if (isApiError(error) && error.code === 'too_many_pending_orders') return { kind: 'tooMany', message: error.message };
  return { kind: 'other', message: userMessage(error) };
}

interface BuyModalProps {
  book: BookDetailDto;
  buyer: MeDto;
  onClose: () => void;
  /** The order the server placed (or the pending one this buyer already held for the book). */
  onPlaced: (order: OrderDto) => void;
}

/**
 * The buy form: who is buying and what, filled in and read-only, then where and how the seller can reach the buyer.
 * A refusal stays in the form: the book was taken meanwhile (the page behind it refreshes to say so), too many unpaid
 * orders, or the server's field messages beside the phone and location.
 */
export function BuyModal({ book, buyer, onClose, onPlaced }: BuyModalProps) {
  const place = usePlaceOrder();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<BuyValues>({
    resolver: zodResolver(buySchema),
    defaultValues: {
      name: buyer.name,
      email: buyer.email,
      title: book.title,
      price: formatTaka(book.resalePrice),
      phone: '',
      location: '',
    },
  });
  const { errors } = form.formState;
  const sending = place.isPending;
  const taken = refusal?.kind === 'taken';


  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const order = await place.mutateAsync({ bookId: book.id, phone: values.phone, location: values.location });
      toast.success(ORDER_CONFIRMED_TOAST);
      onPlaced(order);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: CONTACT_FIELDS })) setRefusal(refusalOf(error));
    }
  });

  const field = (name: keyof BuyValues) => ({ error: errors[name]?.message, ...form.register(name) });
  const fromAccount = { readOnly: true } as const;

  return (
    <Modal title="Buy this book" onClose={onClose} busy={sending} className="sm:max-w-lg">
      <p className="mt-1 text-base-content/75">
        The seller will call you to arrange where to meet. You can pay by card from My Orders once the order is placed.
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Buy this book" className="mt-5 flex flex-col gap-4">
        <fieldset className="grid gap-4 rounded-box bg-base-200/60 p-4 sm:grid-cols-2">
          <legend className="sr-only">Your order (filled in from your account and the book)</legend>
          <TextField label="Name" autoComplete="name" {...fromAccount} {...field('name')} />
          <TextField label="Email" type="email" autoComplete="email" {...fromAccount} {...field('email')} />
          <TextField label="Book" {...fromAccount} {...field('title')} />
          <TextField label="Price" {...fromAccount} {...field('price')} />
        </fieldset>
        {/* The only fields the server reads from the form (the rest it takes from the account and the book). */}
        <ContactFields phone={field('phone')} location={field('location')} autoFocusPhone />
        <FormAlert message={refusal?.message} />
        {refusal?.kind === 'tooMany' && (
          <Link to="/dashboard/myOrders" className="link link-primary -mt-2 w-fit text-sm font-semibold">
            Go to My Orders
          </Link>
        )}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={sending}>
            {taken ? 'Close' : 'Cancel'}
          </button>
          {!taken && (
            <button type="submit" className="btn btn-primary min-w-32" disabled={sending} aria-busy={sending || undefined}>
              {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Place order · {formatTaka(book.resalePrice)}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
