import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { userMessageToken } from '@/lib/error-handling';
import { fieldMessage } from '@/lib/form-errors';
import { problemText, serverWords } from '@/lib/i18n/problem';
import { refreshListings } from '../api/get-my-books';
import { useHandOver } from '../api/hand-over';

/**
 * Why a code was refused, as a token read in the language on screen: with the tries left after a wrong code; for an
 * order that no longer awaits its handover, words about the handover (the common ones speak of paying and cancelling).
 * A card whose hold has ended (`card_hold_ended`) says to take cash, in the common words.
 */
function handoverProblem(error: unknown): string {
  if (isApiError(error) && error.code === 'wrong_handover_code' && error.attemptsLeft !== undefined) {
    return serverWords('dashboard:handover.wrongCode', error.message, { count: error.attemptsLeft });
  }
  if (isApiError(error) && error.code === 'order_closed') return serverWords('dashboard:handover.closed', error.message);
  return (isApiError(error) && fieldMessage(error, 'code')) || userMessageToken(error);
}

/** Refusals that mean the order is not what the list shows: it asks again. */
function changedMeanwhile(error: unknown): boolean {
  return isApiError(error) && (error.code === 'order_closed' || error.code === 'card_hold_ended' || error.code === 'order_not_found');
}

interface ConfirmHandoverProps {
  orderId: string;
  title: string;
  /** The buyer paid by a card that holds the price: the code takes it, and the seller takes no cash. */
  heldByCard?: boolean;
}

/**
 * "Confirm handover" under the buyer of an order awaiting its handover in My Products: at the meeting, once the buyer
 * has the book (and, paying in cash, has paid), the seller types the 6-digit code the buyer reads out from their order
 * page. Only then is the book sold, and a card's held price taken.
 */
export function ConfirmHandover({ orderId, title, heldByCard = false }: ConfirmHandoverProps) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const handOver = useHandOver(orderId);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = `${fieldId}-problem`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (handOver.isPending) return;
    setProblem(null);
    handOver.mutate(code, {
      onSuccess: () => {
        setCode('');
        toast.success(t('handover.done', { title }));
      },
      onError: (error) => {
        setProblem(handoverProblem(error));
        if (changedMeanwhile(error)) refreshListings(queryClient);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('handover.form', { title })} className="mt-2 flex flex-col gap-1.5" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('handover.code')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={fieldId}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          placeholder={t('handover.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={`input input-sm w-36 font-mono tracking-widest ${problem ? 'input-error' : ''}`}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={handOver.isPending || code.trim() === ''}>
          {handOver.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('handover.confirm')}
        </button>
      </div>
      <p className="text-xs text-base-content/65">{heldByCard ? t('handover.hintCard') : t('handover.hint')}</p>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-error">
          {problemText(problem)}
        </p>
      )}
    </form>
  );
}
