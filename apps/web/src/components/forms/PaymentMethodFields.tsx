import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuBanknote, LuCreditCard, LuInfo } from 'react-icons/lu';
import type { PaymentMethodDto } from '@bindings/PaymentMethodDto';
import { formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { PAYMENT_METHODS, type NoCardReason } from '@/lib/payment-methods';

const ICONS: Record<PaymentMethodDto, typeof LuBanknote> = { cash: LuBanknote, card: LuCreditCard };

interface PaymentMethodFieldsProps {
  /** The form's `register('paymentMethod')`: one radio per way to pay. */
  field: UseFormRegisterReturn;
  /** Why no card can be offered for this book, or null when it can. */
  noCard: NoCardReason | null;
  /** The lowest price a card takes, in whole taka: the line saying why a cheaper book is paid in cash names it. */
  cardMinimum: number;
}

/**
 * How the buyer will pay, wherever an order is placed (the buy form, reserving a wish-list book): cash at the meet-up,
 * or a card that holds the price until the handover. A radio group under its question; each choice is named by its
 * title and described by its hint. Where no card can be used only cash is offered, with a line saying why.
 */
export function PaymentMethodFields({ field, noCard, cardMinimum }: PaymentMethodFieldsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const methods = noCard ? (['cash'] as const) : PAYMENT_METHODS;
  const whyCash = noCard === 'belowMinimum' ? t('paymentChoice.belowMinimum', { minimum: formatTaka(cardMinimum, language) }) : t('paymentChoice.noCardPayments');
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={noCard ? `${id}-why` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-base-content/85">{t('paymentChoice.legend')}</legend>
      {methods.map((method) => {
        const Icon = ICONS[method];
        return (
          <label
            key={method}
            className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 bg-base-100 p-3 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:border-primary"
          >
            <input
              type="radio"
              value={method}
              className="radio radio-primary radio-sm mt-0.5 shrink-0"
              aria-labelledby={`${id}-${method}`}
              aria-describedby={`${id}-${method}-hint`}
              {...field}
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={`${id}-${method}`} className="flex items-center gap-2 font-medium">
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {t(`paymentChoice.${method}`)}
              </span>
              <span id={`${id}-${method}-hint`} className="text-sm text-base-content/70">
                {t(`paymentChoice.${method}Hint`)}
              </span>
            </span>
          </label>
        );
      })}
      {noCard && (
        <p id={`${id}-why`} className="flex items-start gap-2 text-sm text-base-content/70">
          <LuInfo className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{whyCash}</span>
        </p>
      )}
    </fieldset>
  );
}
