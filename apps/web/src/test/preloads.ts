import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Records the pictures preloaded through `new Image()`, in order, for every test of the calling file. Read the
 * returned array after the code under test ran; it starts empty for each test.
 */
export function recordPreloads(): string[] {
  const preloaded: string[] = [];
  beforeEach(() => {
    preloaded.length = 0;
    vi.stubGlobal(
      'Image',
      class {
        setAttribute() {}
        set src(value: string) {
          preloaded.push(value);
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return preloaded;
}
