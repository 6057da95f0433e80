import { useState, type CSSProperties, type ImgHTMLAttributes, type ReactNode } from 'react';
import styles from './LazyImage.module.css';

type LoadState = 'loading' | 'loaded' | 'failed';

export interface LazyImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'loading' | 'onLoad' | 'onError' | 'placeholder'
> {
  src: string;
  alt: string;
  /** Intrinsic size: reserves the space (no layout shift) and gives the placeholder its shape. */
  width?: number;
  height?: number;
  /** A colour or CSS background shown until the image has loaded. */
  placeholder?: string;
  /** Shown when the image could not be loaded; defaults to the alt text. */
  fallback?: ReactNode;
  /** Class of the wrapper. */
  className?: string;
  /** Load at once, with high priority (the first banner, the largest image above the fold). */
  eager?: boolean;
}

/**
 * An image the browser loads only when it nears the viewport (`loading="lazy"`), on a placeholder
 * until it arrives. A failed image is tried once (one attempt) and then gives way to
 * the fallback, instead of a broken-image icon.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  placeholder,
  fallback,
  className,
  style,
  eager = false,
  ...imgProps
}: LazyImageProps) {
  const [state, setState] = useState<{ src: string; value: LoadState }>({ src, value: 'loading' });
  // A new address starts over; the last state belongs to the old one.
  const value = state.src === src ? state.value : 'loading';
  const wrapperStyle: CSSProperties = {
    ...(width && height ? { aspectRatio: `${width} / ${height}` } : {}),
    ...(placeholder ? { background: placeholder } : {}),
    ...style,
  };
  return (
    <span className={`${styles.frame} ${className ?? ''}`} style={wrapperStyle} data-state={value}>
      {value === 'failed' ? (
        <span className={styles.fallback} role="img" aria-label={alt}>
          {fallback ?? alt}
        </span>
      ) : (
        <img
          {...imgProps}
          className={`${styles.image} ${value === 'loaded' ? styles.loaded : ''}`}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onLoad={() => setState({ src, value: 'loaded' })}
          onError={() => setState({ src, value: 'failed' })}
        />
      )}
    </span>
  );
}
