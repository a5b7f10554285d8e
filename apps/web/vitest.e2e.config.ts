// Browser journeys against the real server and the built app: `npm run e2e` (see e2e/README.md).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // One server, one database and journeys that briefly change shared data: run the files one after another.
    fileParallelism: false,
    reporters: ['default'],
  },
});
