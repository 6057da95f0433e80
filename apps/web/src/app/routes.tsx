import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/SiteLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { RouteError } from '../features/errors/RouteError.tsx';
import type { InfoPageName } from '../features/pages/infoPages.ts';
import { resolveRedirect } from './redirects.ts';

/** Runs before every navigation: `/`, `/colorbyte`, external addresses and unknown paths are redirected. */
export function redirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = resolveRedirect(url.pathname, url.search);
  if (target !== null) throw redirect(target);
  return null;
}

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
      { path: 'logining', lazy: infoPage('logining') },
      { path: 'login', lazy: infoPage('login') },
      { path: 'register', lazy: infoPage('register') },
      { path: 'changePwd', lazy: infoPage('changePwd') },
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
