import type { FaceRectangle } from '@pixora/catalog';
import { previewOf, type ImageSource } from '../../demo-kit/imageSource.ts';
import styles from './FaceSearch.module.css';

/** Where a stored face came from in this browser session: its photo and its box in it. */
export interface FacePicture {
  source: ImageSource;
  rectangle: FaceRectangle;
  imageWidth: number;
  imageHeight: number;
}

/** Side of the square around a face box shown in a thumbnail, relative to the box's long side. */
const MARGIN = 1.3;

/**
 * A square thumbnail of one face: the photo scaled and shifted so the face box fills it (no
 * canvas: the browser crops with CSS). Without a picture (a face added in an earlier visit, whose
 * photo this page never had), the first letter of the name.
 */
export function FaceThumb({
  picture,
  name,
  size = 56,
}: {
  picture?: FacePicture;
  name: string;
  size?: number;
}) {
  if (!picture) {
    return (
      <span className={styles.initial} style={{ width: size, height: size }} aria-hidden>
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  const { rectangle: r, imageWidth, imageHeight } = picture;
  const side = Math.max(r.width, r.height) * MARGIN;
  const scale = size / side;
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  return (
    <span className={styles.thumb} style={{ width: size, height: size }} aria-hidden>
      <img
        src={previewOf(picture.source)}
        alt=""
        referrerPolicy="no-referrer"
        style={{
          width: imageWidth * scale,
          height: imageHeight * scale,
          left: (side / 2 - cx) * scale,
          top: (side / 2 - cy) * scale,
        }}
      />
    </span>
  );
}
