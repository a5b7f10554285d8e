import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { userMessageToken } from '@/lib/error-handling';
import { fieldMessage } from '@/lib/form-errors';
import { problemText, serverWords } from '@/lib/i18n/problem';
import { useHandOver } from '../api/hand-over';

/** Why a code was refused, as a token read in the language on screen: with the tries left after a wrong code. */
function handoverProblem(error: unknown): string {
  if (isApiError(error) && error.code === 'wrong_handover_code' && error.attemptsLeft !== undefined) {
    return serverWords('dashboard:handover.wrongCode', error.message, { count: error.attemptsLeft });
  }
  return (isApiError(error) && fieldMessage(error, 'code')) || userMessageToken(error);
}

/**
 * "Confirm handover" under a pending order's buyer in My Products: at the meeting, once the buyer has the book and has
 * paid, the seller types the 6-digit code the buyer reads out from their order page. Only then is the book sold.
 */
export function ConfirmHandover({ orderId, title }: { orderId: string; title: string }) {
  const { t } = useTranslation('dashboard');
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
      onError: (error) => setProblem(handoverProblem(error)),
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
      <p className="text-xs text-base-content/65">{t('handover.hint')}</p>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-error">
          {problemText(problem)}
        </p>
      )}
    </form>
  );
}
