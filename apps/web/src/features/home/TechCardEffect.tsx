import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { effectsQuery } from '../../api/effects.ts';
import { useMenu } from '../../api/menu.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import styles from './TechCarousel.module.css';

/** The id of the served capability whose page is `path` (`/algorithm/<group>/<slug>`), from the menu. */
function useCapabilityId(path: string): number | undefined {
  const { language } = useLanguage();
  const menu = useMenu(language);
  return useMemo(() => {
    for (const group of menu.data ?? [])
      for (const item of group.children) if (item.url === path && item.available) return item.id;
    return undefined;
  }, [menu.data, path]);
}

/**
 * A home technology card's before/after example: the capability's first example from
 * `GET /api/v1/effect/byAlgorithm` (the sample photo and the platform's own result on it), laid
 * over the card's picture in the space the picture already holds, so nothing moves when it comes.
 * The images load lazily and the pair stays invisible until both have loaded; a capability without
 * a ready example, or an image that fails, shows nothing (never a broken image).
 */
export function TechCardEffect({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const id = useCapabilityId(path);
  const effects = useQuery({ ...effectsQuery(id ?? 0), enabled: id !== undefined });
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const example = effects.data?.status === 'ready' ? effects.data.effects[0] : undefined;
  if (!example || failed) return null;
  const shown = loaded.has(example.before) && loaded.has(example.after);
  const image = (src: string, alt: string, caption: string) => (
    <figure className={styles.effectHalf}>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded((current) => new Set(current).add(src))}
        onError={() => setFailed(true)}
      />
      <figcaption className={styles.effectCaption}>{caption}</figcaption>
    </figure>
  );
  return (
    <div
      className={styles.effect}
      data-testid="tech-card-effect"
      data-shown={shown}
      aria-hidden={shown ? undefined : true}
    >
      {image(example.before, t('home.techEffect.before', { name }), t('home.techEffect.beforeCaption'))}
      {image(example.after, t('home.techEffect.after', { name }), t('home.techEffect.afterCaption'))}
    </div>
  );
}
