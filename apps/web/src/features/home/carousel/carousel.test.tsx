import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { techDelay, techReducer, type TechPosition } from './techCarousel.ts';
import { lastStart, stepIndex } from './timing.ts';
import { useCarousel } from './useCarousel.ts';
import { useSlidesPerView } from './useMediaQuery.ts';
import { useSwipe } from './useSwipe.ts';
import { useTechCarousel } from './useTechCarousel.ts';
import { mediaMatching } from './testMedia.ts';

/** The slide counts of the five technology categories in content/site/technology.json. */
const COUNTS = [6, 4, 4, 4, 4];

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  vi.useFakeTimers();
  mediaMatching();
});
afterEach(() => {
  vi.useRealTimers();
  window.matchMedia = originalMatchMedia;
});

/**
 * Timers that run each step inside act(), so React commits it and arms the next timeout before the
 * fake clock moves on: one advance can then cover several steps, as a real clock would.
 */
const timers = {
  setTimeout: (run: () => void, ms: number) => setTimeout(() => act(run), ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const advance = (ms: number) => vi.advanceTimersByTime(ms);

describe('positions', () => {
  it('knows the last full view of a multi-slide list', () => {
    expect(lastStart(6, 3)).toBe(3);
    expect(lastStart(4, 2)).toBe(2);
    expect(lastStart(2, 3)).toBe(0);
  });

  it('wraps or stops at the ends', () => {
    expect(stepIndex(4, 1, 4, true)).toBe(0);
    expect(stepIndex(0, -1, 4, true)).toBe(4);
    expect(stepIndex(4, 1, 4, false)).toBe(4);
    expect(stepIndex(0, -1, 4, false)).toBe(0);
  });
});

describe('banner rotation (useCarousel, one slide per view)', () => {
  it('shows the next of five banners every 5 s and goes from the fifth back to the first', () => {
    const { result } = renderHook(() => useCarousel({ count: 5, interval: 5000, timers }));
    expect(result.current.index).toBe(0);
    advance(4999);
    expect(result.current.index).toBe(0);
    advance(1);
    expect(result.current.index).toBe(1);
    advance(5000 * 3);
    expect(result.current.index).toBe(4);
    advance(5000);
    expect(result.current.index).toBe(0);
  });

  it('gives a banner the visitor picked a whole 5 s', () => {
    const { result } = renderHook(() => useCarousel({ count: 5, interval: 5000, timers }));
    advance(4000);
    act(() => result.current.go(3));
    advance(4000);
    expect(result.current.index).toBe(3);
    advance(1000);
    expect(result.current.index).toBe(4);
  });

  it('stops while the visitor can rotate it and starts stopped for reduced motion', () => {
    const { result } = renderHook(() => useCarousel({ count: 5, interval: 5000, timers }));
    act(() => result.current.pause.toggle());
    advance(20_000);
    expect(result.current.index).toBe(0);
    act(() => result.current.pause.toggle());
    advance(5000);
    expect(result.current.index).toBe(1);

    mediaMatching('(prefers-reduced-motion: reduce)');
    const reduced = renderHook(() => useCarousel({ count: 5, interval: 5000, timers }));
    expect(reduced.result.current.pause.stopped).toBe(true);
    advance(20_000);
    expect(reduced.result.current.index).toBe(0);
  });

  it('takes its timers from the caller', () => {
    const pending: Array<{ run: () => void; ms: number }> = [];
    const recording = {
      setTimeout: (run: () => void, ms: number) => pending.push({ run, ms }),
      clearTimeout: () => undefined,
    };
    const { result } = renderHook(() => useCarousel({ count: 5, interval: 5000, timers: recording }));
    expect(pending.at(-1)?.ms).toBe(5000);
    act(() => pending.at(-1)!.run());
    expect(result.current.index).toBe(1);
  });
});

describe('achievements (useCarousel, several slides per view)', () => {
  it('steps one card every 5 s and starts again after the last full view', () => {
    const { result } = renderHook(() => useCarousel({ count: 6, perView: 3, interval: 5000, timers }));
    advance(5000 * 3);
    expect(result.current.index).toBe(3);
    advance(5000);
    expect(result.current.index).toBe(0);
  });
});

describe('technology carousel', () => {
  const shape = { counts: COUNTS, perView: 3 };

  it('steps slides, then moves to the next category from the last slide, wrapping 4 to 0', () => {
    let position: TechPosition = { category: 0, start: 2 };
    position = techReducer(position, { type: 'autoplay' }, shape);
    expect(position).toEqual({ category: 0, start: 3 });
    expect(techDelay(position, shape)).toBe(4500);
    position = techReducer(position, { type: 'autoplay' }, shape);
    expect(position).toEqual({ category: 1, start: 0 });
    expect(techDelay(position, shape)).toBe(5000);
    expect(techReducer({ category: 4, start: 1 }, { type: 'autoplay' }, shape)).toEqual({
      category: 0,
      start: 0,
    });
  });

  it('runs on the contract timings: 5 s per slide, 4.5 s after the last slide', () => {
    const { result } = renderHook(() => useTechCarousel(COUNTS, 3, timers));
    advance(5000 * 3);
    expect([result.current.category, result.current.start]).toEqual([0, 3]);
    advance(4499);
    expect(result.current.category).toBe(0);
    advance(1);
    expect([result.current.category, result.current.start]).toEqual([1, 0]);
  });

  it('goes from the fifth category back to the first', () => {
    const { result } = renderHook(() => useTechCarousel(COUNTS, 3, timers));
    act(() => result.current.select(4));
    expect([result.current.category, result.current.start]).toEqual([4, 0]);
    advance(5000);
    expect(result.current.start).toBe(1);
    advance(4500);
    expect([result.current.category, result.current.start]).toEqual([0, 0]);
  });

  it('pauses autoplay while the pointer is over it', () => {
    const { result } = renderHook(() => useTechCarousel(COUNTS, 3, timers));
    function Probe() {
      return <div data-testid="area" {...result.current.pause.bind} />;
    }
    const { getByTestId, rerender } = render(<Probe />);
    fireEvent.mouseEnter(getByTestId('area'));
    rerender(<Probe />);
    advance(30_000);
    expect([result.current.category, result.current.start]).toEqual([0, 0]);
    fireEvent.mouseLeave(getByTestId('area'));
    advance(5000);
    expect(result.current.start).toBe(1);
  });

  it('stops manual sliding at the ends of a list', () => {
    const { result } = renderHook(() => useTechCarousel(COUNTS, 3, timers));
    act(() => result.current.slide(-1));
    expect(result.current.start).toBe(0);
    act(() => result.current.slide(5));
    expect(result.current.start).toBe(3);
  });
});

describe('slides per view', () => {
  it('is 3 on wide screens and 2 at 768 px or less, following resizes', () => {
    const flip = mediaMatching();
    const { result } = renderHook(() => useSlidesPerView());
    expect(result.current).toBe(3);
    act(() => flip('(max-width: 768px)', true));
    expect(result.current).toBe(2);
    act(() => flip('(max-width: 768px)', false));
    expect(result.current).toBe(3);
  });

  it('keeps the technology list inside its range when the view narrows and widens', () => {
    const { result, rerender } = renderHook(({ perView }) => useTechCarousel(COUNTS, perView, timers), {
      initialProps: { perView: 2 },
    });
    act(() => result.current.slide(4));
    expect(result.current.start).toBe(4);
    rerender({ perView: 3 });
    expect(result.current.start).toBe(3);
  });
});

describe('swipe', () => {
  function Swipeable(props: { onPrevious: () => void; onNext: () => void; onLink: () => void }) {
    const swipe = useSwipe(props.onPrevious, props.onNext);
    return (
      <div data-testid="viewport" {...swipe}>
        <a href="#card" onClick={props.onLink}>
          card
        </a>
      </div>
    );
  }

  const drag = (element: Element, dx: number, dy = 0) => {
    fireEvent.pointerDown(element, { clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerUp(element, { clientX: 200 + dx, clientY: 100 + dy, pointerType: 'touch' });
  };

  it('needs a horizontal move of at least 50 px', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const onLink = vi.fn();
    const { getByTestId } = render(<Swipeable onPrevious={onPrevious} onNext={onNext} onLink={onLink} />);
    const viewport = getByTestId('viewport');
    drag(viewport, -49);
    drag(viewport, 49);
    drag(viewport, -60, 80);
    expect([onPrevious.mock.calls.length, onNext.mock.calls.length]).toEqual([0, 0]);
    drag(viewport, -50);
    expect(onNext).toHaveBeenCalledTimes(1);
    drag(viewport, 50);
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('does not follow the link under a swipe, but does after a tap', () => {
    const onLink = vi.fn();
    const { getByTestId, getByText } = render(
      <Swipeable onPrevious={() => undefined} onNext={() => undefined} onLink={onLink} />,
    );
    drag(getByTestId('viewport'), -80);
    fireEvent.click(getByText('card'));
    expect(onLink).not.toHaveBeenCalled();
    drag(getByTestId('viewport'), 3);
    fireEvent.click(getByText('card'));
    expect(onLink).toHaveBeenCalledTimes(1);
  });
});
