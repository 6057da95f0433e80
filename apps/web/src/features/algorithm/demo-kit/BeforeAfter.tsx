import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './BeforeAfter.module.css';

interface BeforeAfterProps {
  /** The result image, laid over the photo (which is the "before"), same size. */
  after: string;
  /** Accessible name of the result image. */
  alt: string;
  /** Where the split starts, in percent of the width from the left. */
  initial?: number;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));
/** Arrow keys move the split by this many percent (Page keys by four times as much). */
const STEP = 5;

/**
 * A before/after comparison over a photo: the result covers the part right of a split line the
 * visitor drags (or moves with the arrow keys), the original shows on the left. Laid inside the
 * photo's frame (PhotoStage overlay), so both images share one size.
 */
export function BeforeAfter({ after, alt, initial = 50 }: BeforeAfterProps) {
  const { t } = useTranslation();
  const [split, setSplit] = useState(initial);
  const area = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setSplit(clampPercent(((clientX - box.left) / box.width) * 100));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const onPointerEnd = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: -STEP,
      ArrowDown: -STEP,
      ArrowRight: STEP,
      ArrowUp: STEP,
      PageDown: -4 * STEP,
      PageUp: 4 * STEP,
    };
    if (event.key === 'Home') setSplit(0);
    else if (event.key === 'End') setSplit(100);
    else if (moves[event.key] !== undefined) setSplit((value) => clampPercent(value + moves[event.key]!));
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={area}
      className={styles.area}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      data-testid="before-after"
    >
      <img
        src={after}
        alt={alt}
        className={styles.after}
        style={{ clipPath: `inset(0 0 0 ${split}%)` }}
        draggable={false}
        data-testid="before-after-result"
      />
      <span className={`${styles.tag} ${styles.tagBefore}`} aria-hidden>
        {t('demo.beforeAfter.before')}
      </span>
      <span className={`${styles.tag} ${styles.tagAfter}`} aria-hidden>
        {t('demo.beforeAfter.after')}
      </span>
      <div className={styles.divider} style={{ left: `${split}%` }}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('demo.beforeAfter.handle')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(split)}
          aria-valuetext={t('demo.beforeAfter.value', { before: Math.round(split) })}
          className={styles.handle}
          onKeyDown={onKeyDown}
          data-testid="before-after-handle"
        />
      </div>
    </div>
  );
}
