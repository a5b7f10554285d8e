import { Link, useLocation } from 'react-router-dom';
import { LuBadgeCheck, LuLock, LuMail, LuMapPin, LuPhone } from 'react-icons/lu';
import { Trans, useTranslation } from 'react-i18next';
import type { SellerDto } from '@bindings/SellerDto';
import { SellerScoreSummary } from '@/components/reviews/SellerScore';
import { useCurrentUser } from '@/lib/auth-store';
import { bengaliDigits } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/** Turns a number as the server shows it ("01715-384926") into something a tel: link can dial. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function VerifiedBadge() {
  const { t } = useTranslation('shop');
  return (
    <span
      role="img"
      aria-label={t('seller.verified')}
      title={t('seller.verified')}
      className="badge badge-success badge-sm gap-1 font-semibold"
    >
      <LuBadgeCheck className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{t('seller.verifiedShort')}</span>
    </span>
  );
}

/** The server shares a seller's phone and e-mail with signed-in users only: a way to sign in and come back here. */
function ContactHint() {
  const { t } = useTranslation('shop');
  const signedIn = useCurrentUser() !== null;
  const { pathname, search, hash } = useLocation();
  if (signedIn) return <p className="mt-3 text-sm text-base-content/70">{t('seller.contactUnavailable')}</p>;
  return (
    <p className="mt-3 flex items-center gap-3 text-base-content/85" data-testid="seller-contact-hint">
      <LuLock className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        <Trans
          t={t}
          i18nKey="seller.signInHint"
          components={[
            <Link key="sign-in" to="/login" state={{ from: { pathname, search, hash } }} className="link font-semibold text-primary" />,
          ]}
        />
      </span>
    </p>
  );
}

/** Who sells the book and, for a signed-in user, how to reach them. */
export function SellerBlock({ seller }: { seller: SellerDto }) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const { phone, email } = seller;
  return (
    <section aria-labelledby="seller-heading" className="rounded-box bg-base-200/70 p-5 ring-1 ring-base-300/70">
      <h2 id="seller-heading" className="mb-3 font-sans text-sm font-semibold tracking-[0.14em] text-secondary uppercase">
        {t('seller.heading')}
      </h2>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="grid size-10 place-items-center rounded-full bg-primary font-semibold text-primary-content" aria-hidden="true">
          {seller.name.trim().charAt(0).toUpperCase()}
        </div>
        <p className="text-lg font-semibold" data-testid="seller-name">
          {seller.name}
        </p>
        {seller.verified && <VerifiedBadge />}
      </div>
      <SellerScoreSummary sellerId={seller.id} score={seller.score} />
      <ul className="flex flex-col gap-2.5 text-base-content/85">
        {phone !== null && (
          <li className="flex items-center gap-3">
            <LuPhone className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">{t('seller.phone')} </span>
            <a href={telHref(phone)} className="link link-hover">
              {/* Written in the reader's digits; dialled in Latin ones. */}
              {language === 'bn' ? bengaliDigits(phone) : phone}
            </a>
          </li>
        )}
        {email !== null && (
          <li className="flex items-center gap-3">
            <LuMail className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">{t('seller.email')} </span>
            <a href={`mailto:${email}`} className="link link-hover break-all">
              {email}
            </a>
          </li>
        )}
        <li className="flex items-center gap-3">
          <LuMapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{t('seller.location')} </span>
          <span>{seller.location}</span>
        </li>
      </ul>
      {(phone === null || email === null) && <ContactHint />}
    </section>
  );
}
