import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/SiteLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { RouteError } from '../features/errors/RouteError.tsx';
import type { InfoPageName } from '../features/pages/infoPages.ts';
import { CONSOLE_PATH } from '../features/account/adminRoutes.ts';
import { runAccountGuard } from '../features/account/accountGuard.ts';
import { resolveRedirect } from './redirects.ts';

/**
 * Runs before every navigation: `/`, `/colorbyte`, external addresses and unknown paths are
 * redirected, then the account guard decides (public paths, login, roles; spec point 4).
 */
export async function redirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = resolveRedirect(url.pathname, url.search);
  if (target !== null) throw redirect(target);
  await runAccountGuard(url);
  return null;
}

const account = () => import('../features/account/accountRoutes.tsx');

const infoPage = (page: InfoPageName): RouteObject['lazy'] =>
  async function lazyInfoPage() {
    const { InfoPage } = await import('../features/pages/InfoPage.tsx');
    return { element: <InfoPage page={page} /> };
  };

/**
 * Every route of the site. Pages are separate chunks loaded on first visit, so the home page only
 * downloads the layout and itself. Algorithm pages are not listed one by one: `:group/:slug`
 * finds its entry in the menu the server sends, so a new menu entry is a new page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: SiteLayout,
    loader: redirectLoader,
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'index',
        lazy: () => import('../features/home/HomePage.tsx').then((m) => ({ Component: m.HomePage })),
      },
      { path: 'aboutus', lazy: infoPage('aboutus') },
      { path: 'business', lazy: infoPage('business') },
      {
        path: 'doc',
        lazy: () => import('../features/pages/DocPage.tsx').then((m) => ({ Component: m.DocPage })),
      },
      { path: 'android-doc', lazy: infoPage('androidDoc') },
      { path: 'ios-doc', lazy: infoPage('iosDoc') },
      { path: 'service-protocol', lazy: infoPage('serviceProtocol') },
      { path: 'privacy-protocol', lazy: infoPage('privacyProtocol') },
      { path: 'law-declare', lazy: infoPage('lawDeclare') },
      {
        path: 'logining',
        lazy: () =>
          import('../features/account/LoginingPage.tsx').then((m) => ({ Component: m.LoginingPage })),
      },
      { path: 'login', lazy: () => account().then((m) => ({ Component: m.LoginRoute })) },
      { path: 'register', lazy: () => account().then((m) => ({ Component: m.RegisterRoute })) },
      { path: 'changePwd', lazy: () => account().then((m) => ({ Component: m.ChangePwdRoute })) },
      {
        path: 'outbox',
        lazy: () => import('../features/account/OutboxPage.tsx').then((m) => ({ Component: m.OutboxPage })),
      },
      {
        path: 'own-space/userInfo',
        lazy: () =>
          import('../features/account/UserInfoPage.tsx').then((m) => ({ Component: m.UserInfoPage })),
      },
      {
        // The signed-in area; the account guard checks the roles of each route (ADMIN_ROUTES).
        path: 'open-admin',
        children: [
          { index: true, loader: () => redirect(CONSOLE_PATH) },
          {
            path: 'open-platform-admin',
            lazy: () =>
              import('../features/console/ConsolePage.tsx').then((m) => ({ Component: m.ConsolePage })),
          },
          {
            path: 'users',
            lazy: () =>
              import('../features/console/UsersAdminPage.tsx').then((m) => ({ Component: m.UsersAdminPage })),
          },
        ],
      },
      {
        path: 'algorithm',
        lazy: () =>
          import('../features/algorithm/AlgorithmLayout.tsx').then((m) => ({ Component: m.AlgorithmLayout })),
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/algorithm/AlgorithmOverview.tsx').then((m) => ({
                Component: m.AlgorithmOverview,
              })),
          },
          {
            path: 'factory/:id',
            lazy: () =>
              import('../features/algorithm/FactoryPage.tsx').then((m) => ({ Component: m.FactoryPage })),
          },
          {
            path: ':group',
            lazy: () =>
              import('../features/algorithm/GroupPage.tsx').then((m) => ({ Component: m.GroupPage })),
          },
          {
            path: ':group/:slug',
            lazy: () =>
              import('../features/algorithm/AlgorithmPage.tsx').then((m) => ({ Component: m.AlgorithmPage })),
          },
        ],
      },
      {
        path: 'demo',
        children: [
          {
            index: true,
            lazy: () =>
              import('../features/demo/ExternalDemoPage.tsx').then((m) => ({
                Component: m.ExternalDemoPage,
              })),
          },
          {
            // The internal network's demo area (ADMIN_ROUTES: signed in, domain IN).
            path: 'mid',
            lazy: () =>
              import('../features/console/DemoAreaPage.tsx').then((m) => ({ Component: m.DemoAreaPage })),
          },
        ],
      },
      {
        path: '404',
        lazy: () =>
          import('../features/errors/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
      {
        path: '*',
        lazy: () =>
          import('../features/errors/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
