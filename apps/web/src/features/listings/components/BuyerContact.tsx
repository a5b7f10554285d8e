import { LuMapPin, LuPhone, LuUser } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { BuyerContactDto } from '@bindings/BuyerContactDto';

/** "01715-384926" -> "tel:01715384926", something a phone can dial. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Who ordered (pending) or bought (sold) the book, so seller and buyer can meet: name, a phone number to call and
 * the meeting place the buyer asked for.
 */
export function BuyerContact({ buyer, className = '' }: { buyer: BuyerContactDto; className?: string }) {
  const { t } = useTranslation('dashboard');
  const heading = buyer.orderStatus === 'paid' || buyer.orderStatus === 'completed' ? t('buyer.bought') : t('buyer.ordered');
  return (
    <div className={`flex flex-col gap-1 rounded-field bg-base-200/70 px-3 py-2 text-sm ${className}`} data-testid="buyer-contact">
      <p className="text-xs font-semibold tracking-wide text-base-content/60 uppercase">{heading}</p>
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
      </ul>
    </div>
  );
}
