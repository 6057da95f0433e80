import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { findCapability, pickText } from '../../api/menu.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { AlgorithmPage } from '../algorithm/AlgorithmPage.tsx';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { tabForEntry } from './sdkTabs.ts';

const SdkPage = lazy(() => import('./SdkPage.tsx').then((m) => ({ default: m.SdkPage })));

/** Menu type of SDK entries (1 is an SDK or another kind). */
const SDK_MENU_TYPE = 1;

/**
 * /algorithm/:group/:slug. An SDK entry of the menu (MenuType 1) opens the SDK product page on
 * its module's tab; every other entry is an algorithm page.
 */
export function CapabilityRoute() {
  const { group = '', slug = '' } = useParams();
  const { language, menu } = useMenuData();
  const item = menu.data ? findCapability(menu.data, group, slug) : undefined;
  if (item?.menuType === SDK_MENU_TYPE) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SdkPage
          key={item.id}
          initialTab={tabForEntry(item.slug)}
          entryName={pickText(item.name, language)}
        />
      </Suspense>
    );
  }
  return <AlgorithmPage />;
}
