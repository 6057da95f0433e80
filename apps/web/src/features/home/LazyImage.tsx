import { useState } from 'react';
import styles from './LazyImage.module.css';

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Load at once (the first banner); everything else waits until it nears the viewport. */
  eager?: boolean;
}

/**
 * An image that keeps its box from the start (no layout shift), shows a soft placeholder until it
 * has loaded, and is fetched only when it comes near the viewport. One attempt: a failed image
 * keeps the placeholder, with its text alternative for assistive technology.
 */
export function LazyImage({ src, alt, width, height, className, eager = false }: LazyImageProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  return (
    <span
      className={`${styles.frame} ${loaded === src ? styles.loaded : ''} ${className ?? ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <img
        className={styles.image}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : 'auto'}
        draggable={false}
        onLoad={() => setLoaded(src)}
      />
    </span>
  );
}
