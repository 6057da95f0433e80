import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/SiteLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { RouteError } from '../features/errors/RouteError.tsx';
import type { LegalName } from '../features/legal/legalApi.ts';
import { APPS_PATH, CONSOLE_PATH } from '../features/account/adminRoutes.ts';
import { runAccountGuard } from '../features/account/accountGuard.ts';
import { resolveRedirect } from '../routing/redirects.ts';

/**
 * Runs before every navigation: `/`, `/colorbyte`, external addresses and unknown paths are
 * redirected, then the account guard decides (public paths, login, roles).
 */
export async function redirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = resolveRedirect(url.pathname, url.search);
  if (target !== null) throw redirect(target);
  await runAccountGuard(url);
  return null;
}

const account = () => import('../features/account/accountRoutes.tsx');

/** A page of legal texts; with several texts, `?doc=<name>` picks one. */
const legalPage =
  (documents: readonly LegalName[], testId: string): RouteObject['lazy'] =>
  async () => {
    const { LegalPage } = await import('../features/legal/LegalPage.tsx');
    return { element: <LegalPage documents={documents} testId={testId} /> };
  };

const sdkDocPage =
  (platform: 'android' | 'ios'): RouteObject['lazy'] =>
  async () => {
    const { SdkDocPage } = await import('../features/docs/SdkDocPage.tsx');
    return { element: <SdkDocPage platform={platform} /> };
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
      {
        path: 'aboutus',
        lazy: () => import('../features/pages/AboutPage.tsx').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: 'business',
        lazy: () => import('../features/pages/BusinessPage.tsx').then((m) => ({ Component: m.BusinessPage })),
      },
      {
        path: 'support',
        lazy: () => import('../features/pages/SupportPage.tsx').then((m) => ({ Component: m.SupportPage })),
      },
      {
        path: 'doc',
        lazy: () => import('../features/docs/DocPage.tsx').then((m) => ({ Component: m.DocPage })),
      },
      { path: 'android-doc', lazy: sdkDocPage('android') },
      { path: 'ios-doc', lazy: sdkDocPage('ios') },
      {
        path: 'service-protocol',
        lazy: legalPage(['user-agreement', 'developer-agreement'], 'page-serviceProtocol'),
      },
      { path: 'privacy-protocol', lazy: legalPage(['privacy-policy'], 'page-privacyProtocol') },
      { path: 'law-declare', lazy: legalPage(['legal-statement', 'legal-notice'], 'page-lawDeclare') },
      {
        // The solution page is a landing page of its own (opened in a new tab), outside the
        // algorithm section's group bar; it ranks above `algorithm/:group/:slug`.
        path: 'algorithm/solution/studioSolution',
        lazy: () =>
          import('../features/solution/SolutionPage.tsx').then((m) => ({ Component: m.SolutionPage })),
      },
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
        path: 'own-space/messages',
        lazy: () =>
          import('../features/console/MessagesPage.tsx').then((m) => ({ Component: m.MessagesPage })),
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
        // The developer console opened from the access cards: apps and keys, API application,
        // usage, SDK licence requests, reviews, the questionnaire (ADMIN_ROUTES gives the roles of each).
        path: 'admin',
        children: [
          { index: true, loader: () => redirect(APPS_PATH) },
          {
            path: 'appManager',
            lazy: () => import('../features/console/AppsPage.tsx').then((m) => ({ Component: m.AppsPage })),
          },
          {
            path: 'appManager/apply',
            lazy: () =>
              import('../features/console/AppApplyPage.tsx').then((m) => ({ Component: m.AppApplyPage })),
          },
          {
            path: 'appManager/usage',
            lazy: () => import('../features/console/UsagePage.tsx').then((m) => ({ Component: m.UsagePage })),
          },
          {
            path: 'sdkManager',
            lazy: () =>
              import('../features/console/SdkRequestsPage.tsx').then((m) => ({
                Component: m.SdkRequestsPage,
              })),
          },
          {
            path: 'sdkManager/apply',
            lazy: () =>
              import('../features/console/SdkApplyPage.tsx').then((m) => ({ Component: m.SdkApplyPage })),
          },
          {
            path: 'reviewManager',
            lazy: () =>
              import('../features/console/ReviewPage.tsx').then((m) => ({ Component: m.ReviewPage })),
          },
          {
            path: 'questionnaire',
            lazy: () =>
              import('../features/console/QuestionnairePage.tsx').then((m) => ({
                Component: m.QuestionnairePage,
              })),
          },
          {
            path: 'feedbackInbox',
            lazy: () =>
              import('../features/console/FeedbackInboxPage.tsx').then((m) => ({
                Component: m.FeedbackInboxPage,
              })),
          },
          {
            path: 'siteAnalytics',
            lazy: () =>
              import('../features/console/SiteAnalyticsPage.tsx').then((m) => ({
                Component: m.SiteAnalyticsPage,
              })),
          },
          {
            path: 'materials',
            lazy: () =>
              import('../features/console/MaterialsPage.tsx').then((m) => ({ Component: m.MaterialsPage })),
          },
          {
            path: 'menus',
            lazy: () =>
              import('../features/editor/MenusEditorPage.tsx').then((m) => ({
                Component: m.MenusEditorPage,
              })),
          },
          {
            path: 'docs',
            lazy: () =>
              import('../features/editor/DocsEditorPage.tsx').then((m) => ({ Component: m.DocsEditorPage })),
          },
          {
            path: 'personality',
            lazy: () =>
              import('../features/editor/PersonalityPage.tsx').then((m) => ({
                Component: m.PersonalityPage,
              })),
          },
          {
            path: 'studio',
            lazy: () =>
              import('../features/studio/StudioPage.tsx').then((m) => ({ Component: m.StudioPage })),
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
            path: 'sdk',
            lazy: () => import('../features/sdk/SdkPage.tsx').then((m) => ({ Component: m.SdkPage })),
          },
          {
            // SDK entries of the menu open the SDK page; every other entry is an algorithm page.
            path: ':group/:slug',
            lazy: () =>
              import('../features/sdk/CapabilityRoute.tsx').then((m) => ({ Component: m.CapabilityRoute })),
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
