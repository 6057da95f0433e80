import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from './CarouselIcons.tsx';
import styles from './CarouselButtons.module.css';

/** Stops or restarts the automatic rotation (WCAG 2.2.2); first in the carousel's tab order. */
export function RotationButton(props: { stopped: boolean; onToggle: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.button} ${props.className ?? ''}`}
      onClick={props.onToggle}
      aria-label={props.stopped ? t('home.carousel.play') : t('home.carousel.pause')}
      data-testid="carousel-rotation"
    >
      {props.stopped ? <PlayIcon /> : <PauseIcon />}
    </button>
  );
}

interface StepButtonsProps {
  onPrevious: () => void;
  onNext: () => void;
  /** The element the buttons move (its id). */
  controls: string;
  previousDisabled?: boolean;
  nextDisabled?: boolean;
  className?: string;
}

/** Previous and next buttons of a card carousel. */
export function StepButtons(props: StepButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${props.className ?? ''}`}
        onClick={props.onPrevious}
        disabled={props.previousDisabled}
        aria-controls={props.controls}
        aria-label={t('home.carousel.previous')}
      >
        <ChevronLeft />
      </button>
      <button
        type="button"
        className={`${styles.button} ${props.className ?? ''}`}
        onClick={props.onNext}
        disabled={props.nextDisabled}
        aria-controls={props.controls}
        aria-label={t('home.carousel.next')}
      >
        <ChevronRight />
      </button>
    </>
  );
}
