import { Navigate, useParams } from 'react-router';
import { findCapability } from '../../api/menu.ts';
import { NOT_FOUND_PATH } from '../../routing/paths.ts';
import { CapabilityView } from './CapabilityView.tsx';
import { MenuGate } from './MenuGate.tsx';

/**
 * /algorithm/:group/:slug. The pages are made from the menu the server sends: the entry whose url
 * ends with `slug` inside `group`. An unknown slug is a 404.
 */
export function AlgorithmPage() {
  const { group = '', slug = '' } = useParams();
  return (
    <MenuGate>
      {(menu) => {
        const item = findCapability(menu, group, slug);
        return item ? <CapabilityView key={item.id} item={item} /> : <Navigate to={NOT_FOUND_PATH} replace />;
      }}
    </MenuGate>
  );
}
