import { lazy, use, type ComponentType, type ReactNode } from 'react';

/**
 * antd (its style engine, theme and ConfigProvider) is not part of the app shell: the home page
 * and the layout use no antd component, so the first load of /index does not download it. Every
 * part that does use antd is loaded later and wrapped in its own ConfigProvider:
 *
 * - the pages other than the home page, by `AntdScope` around the page (SiteLayout);
 * - the dialogs and panels the shell opens, by `lazyWithAntd` instead of React's `lazy`.
 */
type Provider = ComponentType<{ children: ReactNode }>;

let providerPromise: Promise<Provider> | undefined;
let loadedProvider: Provider | undefined;

/** Starts loading antd's provider (once); a failed download may be tried again. */
export function loadAntd(): Promise<Provider> {
  providerPromise ??= import('./AntdProvider.tsx').then(
    (m) => (loadedProvider = m.AntdProvider),
    (error: unknown) => {
      providerPromise = undefined;
      throw error;
    },
  );
  return providerPromise;
}

/** Renders `children` inside antd's ConfigProvider, suspending until it has loaded. */
export function AntdScope({ children }: { children: ReactNode }) {
  const Provider = loadedProvider ?? use(loadAntd());
  return <Provider>{children}</Provider>;
}

/** React's `lazy` for a component that uses antd: it comes wrapped in antd's ConfigProvider. */
export function lazyWithAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, Provider] = await Promise.all([load(), loadAntd()]);
    return {
      default: (props: P) => (
        <Provider>
          <Component {...props} />
        </Provider>
      ),
    };
  });
}
