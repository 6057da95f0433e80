/**
 * The layering rules of the code base (docs/decisions/0008-layering.md), checked by
 * `npm run lint`. Composition roots sit on top: apps/server/src/bootstrap.ts (with main.ts and
 * app.ts) and apps/web/src/app/. Below them the feature modules, then the platform pieces, then
 * the packages: the engine knows nothing of the catalogue, the catalogue nothing of either app.
 */
const notTest = '\\.test\\.tsx?$|/test/|\\.spec\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules depend on each other in one direction only.',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'engine-without-catalogue',
      severity: 'error',
      comment: 'The engine (packages/vision) answers in its own types; the server binds it to the contracts.',
      from: { path: '^packages/vision/' },
      to: { path: '^packages/catalog/' },
    },
    {
      name: 'catalogue-stands-alone',
      severity: 'error',
      comment: 'The contracts are data: they import neither the engine nor an app.',
      from: { path: '^packages/catalog/' },
      to: { path: '^(packages/vision|apps)/' },
    },
    {
      name: 'sdk-stands-alone',
      severity: 'error',
      comment:
        'The SDK is published on its own: its code imports no workspace package (its generator reads the contracts; its tests start the platform).',
      from: { path: '^packages/sdk/src/' },
      to: { path: '^(packages/(catalog|vision)|apps)/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Packages never reach into the apps that use them.',
      from: { path: '^packages/', pathNot: notTest },
      to: { path: '^apps/' },
    },
    {
      name: 'gateway-not-console',
      severity: 'error',
      comment: 'The gateway reaches apps, keys and usage through modules/apps, not the console module.',
      from: { path: '^apps/server/src/modules/gateway/' },
      to: { path: '^apps/server/src/modules/console/' },
    },
    {
      name: 'server-composition-root-on-top',
      severity: 'error',
      comment:
        'Only main.ts, bootstrap.ts and tests assemble the server; modules, platform and db do not import them.',
      from: { path: '^apps/server/src/(modules|platform|db)/', pathNot: notTest },
      to: { path: '^apps/server/src/(app|bootstrap|main)\\.ts$' },
    },
    {
      name: 'server-platform-below-modules',
      severity: 'error',
      comment: 'platform/ holds adapters and rules shared by the modules; it does not import a module.',
      from: { path: '^apps/server/src/(platform|db)/', pathNot: notTest },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'apps/web/src/app is the composition root: features, api and components do not import it.',
      from: { path: '^apps/web/src/(?!app/|main\\.tsx$)', pathNot: notTest },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-without-zod',
      severity: 'error',
      comment: 'The web app imports contract types only: zod stays out of its bundle.',
      from: { path: '^apps/web/src/', pathNot: notTest },
      to: { path: 'node_modules/zod/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp|\\.cache|test-results|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
};
