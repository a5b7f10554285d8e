import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from 'react-hot-toast';
import { useAuthStore } from '@/lib/auth-store';

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

afterEach(() => {
  cleanup();
  toast.remove();
  useAuthStore.getState().reset();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
