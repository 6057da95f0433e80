import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sdk', environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
});
