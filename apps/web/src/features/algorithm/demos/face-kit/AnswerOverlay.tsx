import { useTranslation } from 'react-i18next';
import type { FaceRectangle } from '@pixora/catalog';
import { FaceOverlay, type OverlayFace } from './FaceOverlay.tsx';

interface AnswerOverlayProps<F> {
  /** `media_extra` of an answer: the image size and its faces. */
  media: { image_width: number; image_height: number; faces: readonly F[] } | undefined;
  active: number | null;
  /** What a demo adds to a face's drawing: a score or verdict in the caption, a tone, points. */
  decorate?: (face: F, index: number) => Partial<OverlayFace>;
}

/** The faces of a one-image answer over the photo, numbered as in the result list. */
export function AnswerOverlay<F extends { face_rectangle: FaceRectangle }>({
  media,
  active,
  decorate,
}: AnswerOverlayProps<F>) {
  const { t } = useTranslation();
  if (!media) return null;
  return (
    <FaceOverlay
      width={media.image_width}
      height={media.image_height}
      activeFace={active}
      label={t('faceDemo.overlayLabel', { total: media.faces.length })}
      faces={media.faces.map((face, index) => ({
        rectangle: face.face_rectangle,
        caption: String(index + 1),
        title: t('faceDemo.face', { index: index + 1 }),
        ...decorate?.(face, index),
      }))}
    />
  );
}
