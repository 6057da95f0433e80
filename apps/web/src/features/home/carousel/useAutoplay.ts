import { useEffect, useRef } from 'react';

/** The timer functions autoplay uses; tests may pass their own. */
export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const windowTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface AutoplayOptions {
  /** Wait before the next step, in ms. */
  delay: number;
  running: boolean;
  onStep: () => void;
  /** The current position: every change (autoplay or the visitor) starts a full wait again. */
  position: unknown;
  timers?: Timers;
}

/**
 * Calls `onStep` once `delay` ms after the carousel arrived at its current position, while running.
 * One timeout per position rather than an interval, so that a slide the visitor picked also gets
 * the whole delay, and a pause (hover, focus) restarts the wait when it ends.
 */
export function useAutoplay({
  delay,
  running,
  onStep,
  position,
  timers = windowTimers,
}: AutoplayOptions): void {
  const step = useRef(onStep);
  useEffect(() => {
    step.current = onStep;
  });
  useEffect(() => {
    if (!running) return undefined;
    const handle = timers.setTimeout(() => step.current(), delay);
    return () => timers.clearTimeout(handle);
  }, [delay, running, position, timers]);
}
