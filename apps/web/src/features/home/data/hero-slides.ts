import deliveryArt from '@/assets/hero-delivery.svg';
import openBookArt from '@/assets/hero-open-book.svg';
import stackArt from '@/assets/hero-stack.svg';
import type { storefront } from '@/lib/i18n/texts/storefront-en';

/** A slide's texts are those of `hero.slides.<id>` in the catalogue (eyebrow, headline, subline, cta, art). */
export type HeroSlideId = keyof (typeof storefront)['hero']['slides'];

export interface HeroSlide {
  id: HeroSlideId;
  /** Where the slide's button leads. */
  to: string;
  art: string;
  /** Tailwind classes for the slide's background gradient. */
  background: string;
}

/** Spec section 9: the hero advances every 5000 ms. */
export const HERO_INTERVAL_MS = 5000;

export const HERO_SLIDES: HeroSlide[] = [
  { id: 'secondLife', to: '/shop', art: stackArt, background: 'from-[#173b2d] via-[#1f4d3a] to-[#2f6f5a]' },
  { id: 'textbooks', to: '/shop', art: openBookArt, background: 'from-[#5b2219] via-[#8c3b2a] to-[#b0583a]' },
  { id: 'delivery', to: '/shop', art: deliveryArt, background: 'from-[#13302a] via-[#1c4a45] to-[#2a6a5f]' },
];
