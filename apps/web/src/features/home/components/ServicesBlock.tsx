import type { IconType } from 'react-icons';
import { LuHandCoins, LuMousePointerClick, LuTruck } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

interface Service {
  icon: IconType;
  title: string;
  text: string;
}

export function ServicesBlock() {
  const { t } = useTranslation();
  const language = useLanguage();
  const services: Service[] = [
    { icon: LuHandCoins, title: t('services.buyingTitle'), text: t('services.buyingText') },
    { icon: LuMousePointerClick, title: t('services.orderingTitle'), text: t('services.orderingText') },
    { icon: LuTruck, title: t('services.deliveryTitle'), text: t('services.deliveryText', { price: formatTaka(150, language) }) },
  ];
  return (
    <section aria-labelledby="services-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className="section-eyebrow mb-2">{t('services.eyebrow')}</p>
          <h2 id="services-heading" className="text-3xl font-bold text-primary sm:text-4xl">
            {t('services.heading')}
          </h2>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-3 rounded-box bg-base-100 p-7 shadow-soft ring-1 ring-base-300/70">
              <span className="grid size-12 place-items-center rounded-field bg-primary/10 text-primary" aria-hidden="true">
                <Icon className="size-6" />
              </span>
              <h3 className="text-xl font-semibold">{title}</h3>
              <p className="text-base-content/75">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
