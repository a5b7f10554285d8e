// The first screen of the pages people open most (the home page, the shop, a book), drawn by the server into the HTML
// before the app's code has arrived. On a phone on slow data the app's code (~130 KB) takes a second or more to come
// and run; with these, the largest thing on the screen (the home page's welcome, the shop's first covers, a book's
// cover and title) is there as soon as the page and its styles are, instead of after the code. React replaces all of
// it when it starts (it renders the whole of #root), so nothing here needs to work: the links are plain links.
//
// What the server fills in is named {{like_this}} and escaped by the server (crates/http/src/pages.rs); the words of
// each language are taken from the app's own catalogues when the app is built (vite.config.ts writes
// dist/first-screens.json). The markup copies the classes of the components that replace it (HeroCarousel,
// ShopPage, BookShelf, BookCard, BookDetails, BookGallery, PageHeader, MainLayout): the same sizes in the same places,
// so the app's first render moves nothing and its pictures are not larger than the ones already shown (first-screens.test.tsx
// keeps the two equal). Kept to what the app draws from the same data in every language; prices, ratings and counts
// wait for the app (their digits follow the reader's language, which the app formats).
//
// Imports name whole files (.ts): the build's configuration loads this module, outside the bundler.
import { common as commonBn } from '../lib/i18n/texts/common-bn.ts';
import { common as commonEn } from '../lib/i18n/texts/common-en.ts';
import { shop as shopBn } from '../lib/i18n/texts/shop-bn.ts';
import { shop as shopEn } from '../lib/i18n/texts/shop-en.ts';

type Language = 'en' | 'bn';

/** One language's first screens. `shopChip` and `shopCard` are repeated by the server into `shop`'s {{chips}} and {{cards}}. */
export interface FirstScreens {
  home: string;
  shop: string;
  shopChip: string;
  shopCard: string;
  book: string;
}

/** How many of the shop's first covers the server draws: the first shelf's first row on the widest screen. */
export const SHOP_CARDS_DRAWN = 6;

const CATALOGUES = {
  en: { common: commonEn, shop: shopEn },
  bn: { common: commonBn, shop: shopBn },
} as const;

/** A catalogue's words in HTML (they hold apostrophes and the odd ampersand). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// Classes shared with the components that replace these screens (the test compares them).
export const CLASSES = {
  main: 'min-h-dvh flex-1 focus:outline-none',
  heroSection: 'relative isolate overflow-hidden bg-primary text-primary-content',
  /** The first slide's background (HERO_SLIDES[0].background). */
  heroBackground: 'from-[#173b2d] via-[#1f4d3a] to-[#2f6f5a]',
  heroInner: 'container-page grid min-h-[30rem] items-center gap-8 pt-12 pb-24 md:grid-cols-[1.15fr_1fr] md:pt-16 lg:min-h-[34rem]',
  heroEyebrow:
    'mb-4 inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tracking-wide text-accent ring-1 ring-white/15',
  heroHeadline: 'text-4xl leading-[1.1] font-bold text-[#fdf9ef] sm:text-5xl lg:text-6xl',
  heroSubline: 'mt-5 max-w-lg text-lg text-[#fdf9ef]/85',
  heroCta: 'btn btn-accent btn-lg mt-8 shadow-lg',
  pageHeader: 'border-b border-base-300/70 bg-base-200/60',
  pageHeaderInner: 'container-page py-10 sm:py-14',
  pageHeaderTitle: 'text-3xl font-bold text-primary sm:text-4xl',
  pageHeaderIntro: 'mt-3 max-w-2xl text-base-content/75 sm:text-lg',
  shopBody: 'container-page py-10 sm:py-14',
  shopChip:
    'btn btn-sm rounded-full border-base-300 bg-base-100 font-medium hover:border-primary hover:bg-primary hover:text-primary-content',
  shelfHead: 'mb-5 flex items-baseline justify-between gap-4 border-b border-base-300 pb-3',
  shelfHeading: 'text-2xl font-bold sm:text-3xl',
  shelfHeadingLink: 'text-primary decoration-accent decoration-2 underline-offset-4 hover:underline',
  shelf:
    'relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 sm:gap-4',
  shelfItem: 'w-[42vw] max-w-44 shrink-0 snap-start sm:w-auto sm:max-w-none',
  card: 'group relative flex h-full flex-col rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70 transition hover:-translate-y-0.5 hover:shadow-lift motion-reduce:transition-none motion-reduce:hover:translate-y-0',
  cardCoverLink: 'relative block overflow-hidden bg-base-200 rounded-t-box',
  cardCover:
    'aspect-[2/3] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none',
  cardDetails: 'flex flex-1 flex-col gap-1.5 p-3 ',
  cardTitle: 'font-sans leading-snug font-semibold text-base',
  cardTitleLink: 'line-clamp-2 hover:text-primary hover:underline',
  cardAuthor: 'line-clamp-1 text-sm text-base-content/70',
  bookPage: 'container-page py-8 sm:py-12',
  breadcrumbs: 'breadcrumbs mb-6 text-sm text-base-content/70',
  breadcrumbCurrent: 'max-w-48 truncate sm:max-w-none',
  bookGrid: 'grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-14',
  bookGalleryColumn: 'mx-auto w-full max-w-60 sm:max-w-xs md:max-w-none',
  bookGallery: 'flex flex-col gap-3 md:sticky md:top-24',
  bookCoverFrame: 'overflow-hidden rounded-box bg-base-200 shadow-lift ring-1 ring-base-300/70',
  bookCover: 'aspect-[2/3] h-auto w-full object-contain',
  bookText: 'flex min-w-0 flex-col gap-6',
  bookHeadingBlock: 'flex flex-col gap-3',
  bookCategory: 'section-eyebrow w-fit hover:underline',
  bookTitle: 'text-3xl leading-tight font-bold text-primary sm:text-4xl',
  bookBy: 'text-lg text-base-content/80',
  bookAuthor: 'font-semibold text-base-content',
} as const;

/** The hero button's arrow (the icon set's arrow-right). */
const ARROW =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-5" aria-hidden="true"><path d="M5 12h14"></path><path d="m12 5 7 7-7 7"></path></svg>';

/** `<main>` as MainLayout draws it, marked so that the app can tell it from its own (boot.ts). */
function main(language: Language, content: string): string {
  return `<main id="main-content" tabindex="-1" class="${CLASSES.main}" data-first-screen="${language}">${content}</main>`;
}

function home(language: Language): string {
  const words = CATALOGUES[language].common;
  const slide = words.hero.slides.secondLife;
  return main(
    language,
    `<h1 class="sr-only">${escapeHtml(words.homePage.heading)}</h1>` +
      `<section aria-label="${escapeHtml(words.hero.label)}" class="${CLASSES.heroSection}"><div class="grid">` +
      `<div class="[grid-area:1/1] bg-gradient-to-br ${CLASSES.heroBackground}"><div class="${CLASSES.heroInner}"><div class="max-w-xl">` +
      `<p class="${CLASSES.heroEyebrow}">${escapeHtml(slide.eyebrow)}</p>` +
      `<h2 class="${CLASSES.heroHeadline}">${escapeHtml(slide.headline)}</h2>` +
      `<p class="${CLASSES.heroSubline}">${escapeHtml(slide.subline)}</p>` +
      `<a href="/shop" class="${CLASSES.heroCta}">${escapeHtml(slide.cta)}${ARROW}</a>` +
      `</div></div></div></div></section>`,
  );
}

function shop(language: Language): Pick<FirstScreens, 'shop' | 'shopChip' | 'shopCard'> {
  const words = CATALOGUES[language].shop.shop;
  return {
    shop: main(
      language,
      `<header class="${CLASSES.pageHeader}"><div class="${CLASSES.pageHeaderInner}">` +
        `<p class="section-eyebrow mb-2">${escapeHtml(words.eyebrow)}</p>` +
        `<h1 class="${CLASSES.pageHeaderTitle}">${escapeHtml(words.title)}</h1>` +
        `<div class="${CLASSES.pageHeaderIntro}"><p>${escapeHtml(words.intro)}</p></div></div></header>` +
        `<div class="${CLASSES.shopBody}">` +
        `<nav aria-label="${escapeHtml(words.categories)}" class="mb-10"><ul class="flex flex-wrap gap-2">{{chips}}</ul></nav>` +
        `<div class="flex flex-col gap-14"><section aria-labelledby="heading-{{categoryId}}" class="scroll-mt-24">` +
        `<div class="${CLASSES.shelfHead}"><h2 id="heading-{{categoryId}}" class="${CLASSES.shelfHeading}">` +
        `<a href="/category/{{categoryId}}" class="${CLASSES.shelfHeadingLink}">{{categoryName}}</a></h2></div>` +
        `<ul class="${CLASSES.shelf}">{{cards}}</ul></section></div></div>`,
    ),
    shopChip: `<li><a href="#category-{{categoryId}}" class="${CLASSES.shopChip}">{{categoryName}}</a></li>`,
    shopCard:
      `<li class="${CLASSES.shelfItem}"><article data-book-id="{{bookId}}" class="${CLASSES.card}">` +
      `<div class="relative shrink-0 "><a href="/books/{{bookId}}" tabindex="-1" class="${CLASSES.cardCoverLink}">` +
      `<img src="{{picture}}" alt="{{title}}" loading="eager" fetchpriority="{{fetchPriority}}" decoding="async" width="400" height="600" class="${CLASSES.cardCover}"></a></div>` +
      `<div class="${CLASSES.cardDetails}"><h3 class="${CLASSES.cardTitle}"><a href="/books/{{bookId}}" class="${CLASSES.cardTitleLink}">{{title}}</a></h3>` +
      `<p class="${CLASSES.cardAuthor}">{{author}}</p></div></article></li>`,
  };
}

function book(language: Language): string {
  const words = CATALOGUES[language].shop.book;
  // "by <0>{{author}}</0>": the numbered part is the author's name, in bold.
  const by = escapeHtml(words.by)
    .replace('&lt;0&gt;', `<span class="${CLASSES.bookAuthor}">`)
    .replace('&lt;/0&gt;', '</span>');
  return main(
    language,
    `<div class="${CLASSES.bookPage}">` +
      `<nav aria-label="${escapeHtml(words.breadcrumb)}" class="${CLASSES.breadcrumbs}"><ul>` +
      `<li><a href="/home">${escapeHtml(words.home)}</a></li><li><a href="/shop">${escapeHtml(words.shop)}</a></li>` +
      `<li><a href="/category/{{categoryId}}">{{categoryName}}</a></li>` +
      `<li><span aria-current="page" class="${CLASSES.breadcrumbCurrent}">{{title}}</span></li></ul></nav>` +
      `<div class="${CLASSES.bookGrid}"><div class="${CLASSES.bookGalleryColumn}"><div class="${CLASSES.bookGallery}">` +
      `<div class="${CLASSES.bookCoverFrame}"><img src="{{picture}}" alt="{{title}}" fetchpriority="high" width="400" height="600" class="${CLASSES.bookCover}"></div></div></div>` +
      `<div class="${CLASSES.bookText}"><div class="${CLASSES.bookHeadingBlock}">` +
      `<a href="/category/{{categoryId}}" class="${CLASSES.bookCategory}">{{categoryName}}</a>` +
      `<h1 class="${CLASSES.bookTitle}">{{title}}</h1>` +
      `<p class="${CLASSES.bookBy}">${by}</p></div></div></div></div>`,
  );
}

/** Every first screen in `language`, as the server receives them. */
export function firstScreens(language: Language): FirstScreens {
  return { home: home(language), ...shop(language), book: book(language) };
}
