import { useTranslation } from 'react-i18next';
import { LuHandshake } from 'react-icons/lu';
import type { PaymentMethodDto } from '@bindings/PaymentMethodDto';
import { bengaliDigits } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/**
 * The code the buyer tells the seller at the meeting, once they have the book (and, paying in cash, have paid): the
 * seller enters it to complete the sale, which takes a card's held price. The server sends it on the buyer's own order
 * page only, while the order awaits its handover (pending, or held by a card).
 */
export function HandoverCode({ code, method }: { code: string; method: PaymentMethodDto }) {
  const { t } = useTranslation('buying');
  const language = useLanguage();
  const digits = language === 'bn' ? bengaliDigits(code) : code;
  return (
    <section aria-labelledby="handover-code-title" className="flex flex-col gap-3 rounded-box border border-primary/30 bg-primary/5 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/15 text-primary" aria-hidden="true">
          <LuHandshake className="size-5" />
        </span>
        <h2 id="handover-code-title" className="text-xl font-semibold">
          {t('handover.title')}
        </h2>
      </div>
      <p className="font-mono text-4xl font-bold tracking-[0.25em] text-primary" data-testid="handover-code">
        {digits.slice(0, 3)} {digits.slice(3)}
      </p>
      <p className="text-base-content/80">{method === 'card' ? t('handover.howCard') : t('handover.how')}</p>
      <p className="text-sm text-base-content/70">{t('handover.keep')}</p>
    </section>
  );
}
