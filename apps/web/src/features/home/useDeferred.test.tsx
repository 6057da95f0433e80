import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeferred } from './useDeferred.ts';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useDeferred(ref);
  return <div ref={ref} data-testid="probe" data-ready={ready} />;
}

/** An IntersectionObserver whose callback the test calls. */
function stubObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; margin: string | undefined }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, margin: options?.rootMargin });
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

const intersect = (callback: IntersectionObserverCallback, isIntersecting: boolean) =>
  act(() => callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

afterEach(() => vi.unstubAllGlobals());

describe('useDeferred', () => {
  it('is ready once the element comes within 300 px of the viewport', () => {
    const observers = stubObserver();
    const { getByTestId } = render(<Probe />);
    expect(getByTestId('probe').dataset.ready).toBe('false');
    expect(observers[0]!.margin).toBe('300px 0px');
    intersect(observers[0]!.callback, false);
    expect(getByTestId('probe').dataset.ready).toBe('false');
    intersect(observers[0]!.callback, true);
    expect(getByTestId('probe').dataset.ready).toBe('true');
  });

  it('is ready at the first key press or pointer press, before anything scrolls', () => {
    stubObserver();
    const first = render(<Probe />);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(first.getByTestId('probe').dataset.ready).toBe('true');
    first.unmount();
    const second = render(<Probe />);
    fireEvent.pointerDown(window);
    expect(second.getByTestId('probe').dataset.ready).toBe('true');
  });

  it('is ready at once where the browser cannot observe intersections', () => {
    const { getByTestId } = render(<Probe />);
    expect(getByTestId('probe').dataset.ready).toBe('true');
  });
});
