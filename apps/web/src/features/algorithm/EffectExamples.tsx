import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { effectsQuery } from '../../api/effects.ts';
import styles from './Algorithm.module.css';

/**
 * Before/after examples under a capability's demo: the platform's own answer on its sample photo
 * (made by the server from the capability itself). Nothing is shown while there are none.
 */
export function EffectExamples({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const effects = useQuery(effectsQuery(id));
  const list = effects.data?.effects ?? [];
  if (!list.length) return null;
  return (
    <section
      className={styles.effects}
      aria-label={t('algorithm.effects.title')}
      data-testid="effect-examples"
    >
      <h2 className={styles.effectsTitle}>{t('algorithm.effects.title')}</h2>
      <p className={styles.effectsNote}>{t('algorithm.effects.note')}</p>
      {list.map((effect) => (
        <div key={effect.after} className={styles.effectPair}>
          <figure>
            <img src={effect.before} alt={t('algorithm.effects.before', { name })} loading="lazy" />
            <figcaption>{t('algorithm.effects.beforeCaption')}</figcaption>
          </figure>
          <figure>
            <img
              src={effect.after}
              alt={t('algorithm.effects.after', { name })}
              loading="lazy"
              data-testid="effect-after"
            />
            <figcaption>{t('algorithm.effects.afterCaption')}</figcaption>
          </figure>
        </div>
      ))}
    </section>
  );
}
