import { useTranslation } from 'react-i18next';
import { AdvertisedItems } from '@/features/catalogue/components/AdvertisedItems';
import { ExploreBooks } from '@/features/catalogue/components/ExploreBooks';
import { ContactBlock } from '@/features/home/components/ContactBlock';
import { HeroCarousel } from '@/features/home/components/HeroCarousel';
import { PlansBlock } from '@/features/home/components/PlansBlock';
import { ServicesBlock } from '@/features/home/components/ServicesBlock';
import { useDocumentTitle } from '@/lib/use-document-title';

/** "/" and "/home". Composed here because it draws on several features. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('homePage.title'));
  return (
    <>
      <h1 className="sr-only">{t('homePage.heading')}</h1>
      <HeroCarousel />
      <ServicesBlock />
      <AdvertisedItems />
      <ExploreBooks />
      <PlansBlock />
      <ContactBlock />
    </>
  );
}
