import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSwipe } from './useSwipe.ts';
import styles from './CardTrack.module.css';

interface CardTrackProps<T> {
  id: string;
  items: readonly T[];
  /** First visible card. */
  start: number;
  perView: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  onPrevious: () => void;
  onNext: () => void;
  /** Off while rotating by itself, polite when stopped (so that a change the visitor asked for is read). */
  live: 'off' | 'polite';
  className?: string;
  itemClassName?: string;
}

/**
 * The sliding row of a card carousel: `perView` cards side by side, moved one card per step, with
 * swipes of 50 px or more. Cards outside the view are inert (out of the tab order and hidden from
 * assistive technology), so the keyboard only reaches what is shown.
 */
export function CardTrack<T>(props: CardTrackProps<T>) {
  const { t } = useTranslation();
  const swipe = useSwipe(props.onPrevious, props.onNext);
  const count = props.items.length;
  const style = { '--start': props.start, '--per-view': props.perView } as CSSProperties;
  return (
    <div className={`${styles.viewport} ${props.className ?? ''}`} {...swipe}>
      <div id={props.id} className={styles.track} style={style} aria-live={props.live}>
        {props.items.map((item, i) => {
          const visible = i >= props.start && i < props.start + props.perView;
          return (
            <div
              key={props.itemKey(item)}
              role="group"
              aria-roledescription={t('home.carousel.slide')}
              aria-label={t('home.carousel.position', { index: i + 1, total: count })}
              aria-hidden={!visible}
              inert={!visible}
              className={`${styles.item} ${props.itemClassName ?? ''}`}
              data-visible={visible}
            >
              {props.renderItem(item, i)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
