import type { ReactNode } from 'react';
import type { Rectangle } from '@pixora/catalog';
import styles from './Overlay.module.css';

const round = (value: number) => Math.round(value * 10) / 10;

/** One path of dots: zero-length segments drawn with round caps, sized in screen pixels. */
export function dotsPath(points: ReadonlyArray<readonly number[]>): string {
  let path = '';
  for (const point of points) {
    const [x, y] = point;
    if (x === undefined || y === undefined) continue;
    path += `M${round(x)} ${round(y)}h0`;
  }
  return path;
}

/** Caption size in image pixels: readable on the displayed photo whatever its resolution. */
export const captionSize = (width: number, height: number) =>
  Math.max(12, Math.round(Math.max(width, height) / 45));

interface OverlayProps {
  /** Pixel size of the image the answer's coordinates refer to. */
  width: number;
  height: number;
  /** Accessible name of the whole drawing. */
  label: string;
  testId: string;
  children: ReactNode;
}

/**
 * An SVG laid on the displayed photo whose viewBox is the image's pixel size, so the answer's
 * coordinates map directly whatever size the photo is shown at.
 */
export function Overlay({ width, height, label, testId, children }: OverlayProps) {
  return (
    <svg
      className={styles.overlay}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </svg>
  );
}

interface OverlayBoxProps {
  rectangle: Rectangle;
  /** Short text above the box: the item's number, and a score or a verdict where there is one. */
  caption: string;
  /** Accessible name of the item. */
  title: string;
  /** `accent` marks an item the demo singles out (a baby, say). */
  tone?: 'default' | 'accent';
  /** Emphasised while the visitor points at the item in the result list. */
  active: boolean;
  fontSize: number;
  /** Test ids of the parts: `<prefix>-result`, `<prefix>-box`, `<prefix>-caption`. */
  testIdPrefix: string;
  /** What is drawn for the item besides its box: points, a skeleton. */
  children?: ReactNode;
}

/** One item found, over the photo: its box, its caption, and what the demo adds. */
export function OverlayBox(props: OverlayBoxProps) {
  const { left, top, width, height } = props.rectangle;
  const classes = [props.tone === 'accent' ? styles.accent : '', props.active ? styles.active : ''].join(' ');
  return (
    <g
      data-testid={`${props.testIdPrefix}-result`}
      className={classes.trim() || undefined}
      data-tone={props.tone ?? 'default'}
      data-active={props.active || undefined}
    >
      <title>{props.title}</title>
      {(['boxHalo', 'box'] as const).map((part) => (
        <rect
          key={part}
          x={left}
          y={top}
          width={width}
          height={height}
          className={styles[part]}
          vectorEffect="non-scaling-stroke"
          data-testid={part === 'box' ? `${props.testIdPrefix}-box` : undefined}
        />
      ))}
      <text
        x={left}
        y={Math.max(props.fontSize, top - props.fontSize * 0.35)}
        fontSize={props.fontSize}
        className={styles.boxLabel}
        data-testid={`${props.testIdPrefix}-caption`}
      >
        {props.caption}
      </text>
      {props.children}
    </g>
  );
}
