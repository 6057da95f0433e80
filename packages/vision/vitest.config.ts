import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'packages/vision',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each test file loads the models (about 1 s) and runs real inference on one core.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Separate processes: each file gets its own tfjs/wasm instance and clean process listeners.
    pool: 'forks',
    // Files run one after another: the pool tests spawn their own worker threads, and timing
    // assertions (timeouts, queue) are more reliable without a second file competing for the
    // machine's cores.
    fileParallelism: false,
  },
});
