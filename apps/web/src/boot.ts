// The page's entry point. Its first paint (the bar index.html draws every page with) needs nothing but the HTML and
// the styles below; the app's code (React and the rest, ~130 KB gzip) is fetched once
// that paint is on the screen. Asked for with the HTML, the code competes with the styles and fonts for a slow
// phone's bandwidth and, once arrived, runs before the browser gets to paint what it already has.
//
// The styles are imported here, not by the app, so the build links them from index.html: they must be there for the
// first paint.
//
// Self-hosted fonts: Hind Siliguri covers Latin and Bengali (including the taka sign ৳); Lora for headings. Three
// faces for Latin text: each is a download a phone waits for before the page settles, and the six faces this used to
// load (four weights of one, two of the other) weighed as much as React. Text asking for a weight in between (500,
// 700) is drawn with the nearest face the browser has: 400 for medium, 600 for bold, Lora 700 for semibold headings.
// Hind Siliguri's packaged faces; fonts.css declares smaller ones for some of their characters (tried first), and
// Lora's Latin face with the range its package leaves out.
import '@fontsource/hind-siliguri/400.css';
import '@fontsource/hind-siliguri/600.css';
// After the faces above: its smaller faces (the taka sign, ASCII) must be declared after the packaged ones.
import './fonts.css';
import './index.css';
import { loadCatalogue } from './lib/i18n/catalogue';
import { initialLanguage, type Language } from './lib/i18n/language';
import { showLanguage } from './lib/i18n/shell-words';

// The page speaks the visitor's language from the first paint (screen readers and fonts follow `lang`), and that
// language's texts are fetched alongside the app's code rather than after it.
const language = initialLanguage();
showLanguage(document, language);

/** Resolves once the browser has painted the page as it stands. */
function afterNextPaint(): Promise<void> {
  // A tab opened in the background paints nothing (and runs no animation frames) until it is shown: start at once.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  // An animation frame runs just before a paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The code of a page people open directly (from a search or a shared link) whose content waits for it: fetched
 * together with the app's instead of once the app has started and routed there. The same module the router loads
 * (src/app/routes.tsx), so the browser fetches it once. Such a page must not create zod schemas as it loads: the app
 * (main.tsx) configures zod first, and the two load side by side.
 */
function landingPageCode(path: string, language: Language): Promise<unknown> | undefined {
  if (/^\/shop\/?$/.test(path)) return withShopTexts(import('./features/catalogue/components/ShopPage'), language);
  if (/^\/books\/[^/]+\/?$/.test(path)) return withShopTexts(import('./features/catalogue/components/BookPage'), language);
  if (/^\/search\/?$/.test(path)) return withShopTexts(import('./features/catalogue/components/SearchPage'), language);
  return undefined;
}

/** The shop's pages read their own catalogue too: fetched alongside them. */
function withShopTexts(code: Promise<unknown>, language: Language): Promise<unknown> {
  return Promise.all([code, loadCatalogue(language, 'shop')]);
}

/** The longest the app's code waits for a first screen's pictures and faces (below). */
const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Resolves once the first screen the server drew (the home page's welcome, the shop's first covers, a book's cover:
 * crates/http/src/pages.rs) is shown with its pictures and faces, or after FIRST_SCREEN_WAIT_MS; at once on a page
 * without one. On a slow link the app's code would otherwise share the bandwidth with the pictures the reader is
 * waiting to see, and delay them.
 */
function firstScreenShown(): Promise<void> {
  const screen = document.querySelector('[data-first-screen]');
  if (!screen) return Promise.resolve();
  const pictures = [...screen.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((picture) =>
    // A picture that fails is not waited for either.
    picture.decode().catch(() => undefined),
  );
  const shown = Promise.all([...pictures, document.fonts.ready]).then(() => undefined);
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

void firstScreenShown()
  .then(afterNextPaint)
  .then(() => Promise.all([import('./main'), loadCatalogue(language), landingPageCode(window.location.pathname, language)]));
