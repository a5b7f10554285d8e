import deliveryArt from '@/assets/hero-delivery.svg';
import openBookArt from '@/assets/hero-open-book.svg';
import stackArt from '@/assets/hero-stack.svg';

export interface HeroSlide {
  eyebrow: string;
  headline: string;
  subline: string;
  cta: { label: string; to: string };
  art: string;
  artAlt: string;
  /** Tailwind classes for the slide's background gradient. */
  background: string;
}

/** Spec section 9: the hero advances every 5000 ms. */
export const HERO_INTERVAL_MS = 5000;

export const HERO_SLIDES: HeroSlide[] = [
  {
    eyebrow: 'Used books, fair prices',
    headline: 'Give every book a second life',
    subline:
      'Buy and sell pre-loved books across Bangladesh, from Tagore and Humayun Ahmed to HSC guides, at a fraction of the shelf price.',
    cta: { label: 'Shop books', to: '/shop' },
    art: stackArt,
    artAlt: 'Illustration: a stack of well-read books beside a plant',
    background: 'from-[#173b2d] via-[#1f4d3a] to-[#2f6f5a]',
  },
  {
    eyebrow: 'Students save more',
    headline: 'Textbooks for less, every semester',
    subline:
      'Admission guides, board books and university texts from students who have just finished with them. Check the condition, see the saving, order.',
    cta: { label: 'Find textbooks', to: '/shop' },
    art: openBookArt,
    artAlt: 'Illustration: an open book with a price tag',
    background: 'from-[#5b2219] via-[#8c3b2a] to-[#b0583a]',
  },
  {
    eyebrow: 'Free delivery',
    headline: 'Order in a minute. Delivery is on us.',
    subline:
      'Choose a book, tell us where to meet and pay securely. Verified sellers, clear prices in taka, no hidden charges.',
    cta: { label: 'Start browsing', to: '/shop' },
    art: deliveryArt,
    artAlt: 'Illustration: a delivery van carrying a parcel of books',
    background: 'from-[#13302a] via-[#1c4a45] to-[#2a6a5f]',
  },
];
