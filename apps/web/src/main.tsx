// First: configures zod before any module creates a schema.
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startTranslations } from './lib/i18n/translations';

// The styles are linked from index.html (see boot.ts, which loads this module once the page has painted).

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The texts first (boot.ts has been fetching the visitor's catalogue alongside this module). Should the catalogue not
// arrive, the app still starts: better keys on the screen than no shop at all.
void startTranslations()
  .catch((error: unknown) => console.error('The texts could not be loaded', error))
  .finally(() => {
    // Rendered as a transition: React then works on the first page in slices of a few milliseconds and lets the
    // browser respond in between, instead of one long task (a book page's took 150 ms on a slow phone's CPU). What the
    // page showed until then (the bar, the first screen the server drew) stays until the app's page is ready.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
