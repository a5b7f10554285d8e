import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod settings', () => {
  it('validate without compiling (no eval under the Content-Security-Policy)', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
