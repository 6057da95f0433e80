import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/catalog', 'packages/vision', 'apps/server', 'apps/web'],
  },
});
