import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { toast } from 'react-hot-toast';
import { useAuthStore } from '@/lib/auth-store';
import { loadToaster } from '@/lib/toaster';
import { currentLanguage, loadAllTexts, startTranslations, switchLanguage } from '@/lib/i18n/translations';
import { fakeFirebase } from './fake-firebase';

// Every page but the home page is fetched when it first opens (src/app/routes.tsx), and the identity service's SDK
// when someone signs in (src/lib/identity.ts). Tests run as a returning visitor whose browser has them all already:
// they are loaded before the first test of a file (imported here, after the test file has registered its own mocks).
beforeAll(async () => {
  const [routes, identity] = await Promise.all([import('@/app/routes'), import('@/lib/identity')]);
  await Promise.all([routes.preloadPages(), identity.loadFirebase(), startTranslations('en').then(loadAllTexts), loadToaster()]);
}, 60_000);

// No test talks to Firebase: the SDK is replaced by a recording fake (see fake-firebase.ts).
vi.mock('firebase/app', async () => (await import('./fake-firebase')).firebaseAppModule);
vi.mock('firebase/auth', async () => (await import('./fake-firebase')).firebaseAuthModule);

// jsdom has no <dialog> behaviour: open and close it the way a browser would (without the top layer).
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/** jsdom has no matchMedia; tests flip reduced motion through setPrefersReducedMotion. */
let reducedMotion = false;
export function setPrefersReducedMotion(value: boolean): void {
  reducedMotion = value;
}

beforeEach(() => {
  reducedMotion = false;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion') ? reducedMotion : false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(async () => {
  cleanup();
  // Every test starts in English, whatever the last one switched to.
  if (currentLanguage() !== 'en') await switchLanguage('en');
  toast.remove();
  // Storage first: the store starts a visitor without a stored token signed out.
  localStorage.clear();
  useAuthStore.getState().reset();
  fakeFirebase.reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
