import { LuMail, LuPhone } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';
import { bengaliDigits } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { SUPPORT_EMAIL } from '@/lib/support';

export const SUPPORT_PHONE = '+880 1700-000000';

export function ContactBlock() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby="contact-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="grid items-center gap-10 rounded-[1.5rem] bg-primary px-6 py-12 text-primary-content sm:px-12 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <p className="mb-2 text-sm font-semibold tracking-[0.14em] text-accent uppercase">{t('contact.eyebrow')}</p>
            <h2 id="contact-heading" className="text-3xl font-bold text-[#fdf9ef] sm:text-4xl">
              {t('contact.heading')}
            </h2>
            <p className="mt-3 text-[#fdf9ef]/80">{t('contact.text')}</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="flex h-full flex-col gap-3 rounded-box bg-base-100 p-6 text-base-content shadow-soft transition hover:-translate-y-0.5 hover:shadow-lift motion-reduce:transition-none"
              >
                <span className="grid size-11 place-items-center rounded-full bg-accent/20 text-secondary" aria-hidden="true">
                  <LuMail className="size-5" />
                </span>
                <span className="text-sm font-semibold tracking-wide text-base-content/60 uppercase">{t('contact.email')}</span>
                <span className="text-lg font-semibold break-all text-primary">{SUPPORT_EMAIL}</span>
              </a>
            </li>
            <li>
              <a
                href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}
                className="flex h-full flex-col gap-3 rounded-box bg-base-100 p-6 text-base-content shadow-soft transition hover:-translate-y-0.5 hover:shadow-lift motion-reduce:transition-none"
              >
                <span className="grid size-11 place-items-center rounded-full bg-accent/20 text-secondary" aria-hidden="true">
                  <LuPhone className="size-5" />
                </span>
                <span className="text-sm font-semibold tracking-wide text-base-content/60 uppercase">{t('contact.phone')}</span>
                <span className="text-lg font-semibold whitespace-nowrap text-primary">
                  {language === 'bn' ? bengaliDigits(SUPPORT_PHONE) : SUPPORT_PHONE}
                </span>
              </a>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
