import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { LazyImage } from './LazyImage.tsx';

describe('LazyImage', () => {
  it('asks the browser to load lazily and shows the placeholder until the image arrives', () => {
    const { container } = render(
      <LazyImage src="/banners/a.svg" alt="Banner" width={400} height={200} placeholder="#eef" />,
    );
    const frame = container.firstElementChild as HTMLElement;
    const image = container.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(frame.dataset.state).toBe('loading');
    expect(frame.style.aspectRatio).toBe('400 / 200');
    fireEvent.load(image);
    expect(frame.dataset.state).toBe('loaded');
  });

  it('loads at once with high priority when eager', () => {
    const { container } = render(<LazyImage src="/banners/1.svg" alt="First banner" eager />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('makes one attempt: a failed image gives way to the fallback and is not requested again', () => {
    const { container, getByRole, rerender } = render(<LazyImage src="/missing.png" alt="Cat photo" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(getByRole('img', { name: 'Cat photo' }).textContent).toBe('Cat photo');
    rerender(<LazyImage src="/missing.png" alt="Cat photo" />);
    expect(container.querySelector('img')).toBeNull();
    rerender(<LazyImage src="/other.png" alt="Cat photo" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/other.png');
  });
});
