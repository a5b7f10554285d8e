import { AdvertisedItems } from '@/features/catalogue/components/AdvertisedItems';
import { ExploreBooks } from '@/features/catalogue/components/ExploreBooks';
import { ContactBlock } from '@/features/home/components/ContactBlock';
import { HeroCarousel } from '@/features/home/components/HeroCarousel';
import { PlansBlock } from '@/features/home/components/PlansBlock';
import { ServicesBlock } from '@/features/home/components/ServicesBlock';
import { useDocumentTitle } from '@/lib/use-document-title';

/** "/" and "/home". Composed here because it draws on several features. */
export function HomePage() {
  useDocumentTitle('Home');
  return (
    <>
      <h1 className="sr-only">Puronoboi: buy and sell used books in Bangladesh</h1>
      <HeroCarousel />
      <ServicesBlock />
      <AdvertisedItems />
      <ExploreBooks />
      <PlansBlock />
      <ContactBlock />
    </>
  );
}
