import { lazy, Suspense } from 'react';
import { AdvertisedItems } from '@/features/catalogue/components/AdvertisedItems';
import { ExploreBooks } from '@/features/catalogue/components/ExploreBooks';
import { HeroCarousel } from '@/features/home/components/HeroCarousel';
import { ServicesBlock } from '@/features/home/components/ServicesBlock';
import { useDocumentTitle } from '@/lib/use-document-title';

// The plans and the contact block close the page, far below the fold on every screen: their code (and their icons)
// arrives after the page's own instead of with it, so a phone draws the top of the page sooner.
const PlansBlock = lazy(async () => ({ default: (await import('@/features/home/components/PlansBlock')).PlansBlock }));
const ContactBlock = lazy(async () => ({ default: (await import('@/features/home/components/ContactBlock')).ContactBlock }));

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
      <Suspense fallback={null}>
        <PlansBlock />
        <ContactBlock />
      </Suspense>
    </>
  );
}
