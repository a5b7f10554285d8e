import { LuBanknote, LuCalendarClock, LuCreditCard, LuMapPin, LuPhone, LuUser } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { BuyerContactDto } from '@bindings/BuyerContactDto';
import { formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/** "01715-384926" -> "tel:01715384926", something a phone can dial. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** How the buyer pays, in the words a seller needs at the meeting (`buyer.<key>` in the dashboard texts). */
function paymentKey(buyer: BuyerContactDto) {
  const card = buyer.paymentMethod === 'card';
  switch (buyer.orderStatus) {
    case 'pending':
      return card ? 'buyer.cardPending' : 'buyer.cash';
    // A card holds the price: the seller must not take cash too.
    case 'held':
      return 'buyer.cardHeld';
    case 'paid':
    case 'completed':
      return card ? 'buyer.paidCard' : 'buyer.paidCash';
    default:
      return card ? 'buyer.cardPending' : 'buyer.cash';
  }
}

/**
 * Who ordered (pending, or paid by a card that holds the price) or bought (sold) the book, so seller and buyer can meet:
 * name, a phone number to call, the meeting place the buyer asked for, how they pay, and until when the book waits for
 * its handover.
 */
export function BuyerContact({ buyer, className = '' }: { buyer: BuyerContactDto; className?: string }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const bought = buyer.orderStatus === 'paid' || buyer.orderStatus === 'completed';
  const deadline = buyer.handoverDeadline ? formatDateTime(buyer.handoverDeadline, language) : '';
  const awaiting = buyer.orderStatus === 'pending' || buyer.orderStatus === 'held';
  const PaymentIcon = buyer.paymentMethod === 'card' ? LuCreditCard : LuBanknote;
  return (
    <div className={`flex flex-col gap-1 rounded-field bg-base-200/70 px-3 py-2 text-sm ${className}`} data-testid="buyer-contact">
      <p className="text-xs font-semibold tracking-wide text-base-content/60 uppercase">{bought ? t('buyer.bought') : t('buyer.ordered')}</p>
      <ul className="flex flex-col gap-1">
        <li className="flex items-center gap-2">
          <LuUser className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('buyer.name')}</span>
          <span className="font-medium">{buyer.name}</span>
        </li>
        <li className="flex items-center gap-2">
          <LuPhone className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('buyer.phone')}</span>
          <a href={telHref(buyer.phone)} className="link link-hover whitespace-nowrap tabular-nums">
            {buyer.phone}
          </a>
        </li>
        <li className="flex items-start gap-2">
          <LuMapPin className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('buyer.place')}</span>
          <span className="wrap-break-word">{buyer.location}</span>
        </li>
        <li className="flex items-start gap-2" data-testid="buyer-payment">
          <PaymentIcon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('buyer.payment')}</span>
          <span className={buyer.orderStatus === 'held' ? 'font-semibold' : undefined}>{t(paymentKey(buyer))}</span>
        </li>
        {awaiting && deadline && (
          <li className="flex items-start gap-2" data-testid="buyer-deadline">
            <LuCalendarClock className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
            <span>{buyer.orderStatus === 'held' ? t('buyer.handOverBy', { deadline }) : t('buyer.reservedUntil', { deadline })}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
