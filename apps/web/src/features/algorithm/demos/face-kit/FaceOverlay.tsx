import type { FaceRectangle } from '@pixora/catalog';
import { captionSize, dotsPath, Overlay, OverlayBox } from '../../demo-kit/Overlay.tsx';
import styles from './FaceKit.module.css';

/** A face as the overlay draws it. */
export interface OverlayFace {
  rectangle: FaceRectangle;
  /** Short text above the box: the face number, and a score or a verdict where the demo has one. */
  caption: string;
  /** Accessible name of the face. */
  title: string;
  /** `accent` marks a face the demo singles out (a baby, say). */
  tone?: 'default' | 'accent';
  mesh?: ReadonlyArray<readonly number[]>;
  iris?: ReadonlyArray<readonly number[]>;
}

interface FaceOverlayProps {
  width: number;
  height: number;
  faces: readonly OverlayFace[];
  /** Index of the face to emphasise (pointed at in the result list). */
  activeFace?: number | null;
  /** Accessible name of the whole drawing. */
  label: string;
}

/**
 * Draws faces over the photo, in the image's pixel coordinates: one group per face with its box
 * and caption, and its mesh and iris points when the answer has them.
 */
export function FaceOverlay({ width, height, faces, activeFace = null, label }: FaceOverlayProps) {
  const fontSize = captionSize(width, height);
  return (
    <Overlay width={width} height={height} label={label} testId="face-overlay">
      {faces.map((face, index) => (
        <OverlayBox
          key={index}
          rectangle={face.rectangle}
          caption={face.caption}
          title={face.title}
          tone={face.tone}
          active={activeFace === index}
          fontSize={fontSize}
          testIdPrefix="face"
        >
          {face.mesh && (
            <path
              d={dotsPath(face.mesh)}
              className={styles.mesh}
              vectorEffect="non-scaling-stroke"
              data-testid="face-mesh"
            />
          )}
          {face.iris && (
            <path
              d={dotsPath(face.iris)}
              className={styles.iris}
              vectorEffect="non-scaling-stroke"
              data-testid="face-iris"
            />
          )}
        </OverlayBox>
      ))}
    </Overlay>
  );
}
