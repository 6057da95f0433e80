import type { ReactNode } from 'react';
import type { FaceRectangle } from '@pixora/catalog';
import { FaceCount } from './FaceCount.tsx';
import { FaceScore } from './FaceFacts.tsx';
import { FaceList } from './FaceList.tsx';

interface ScoredFacesProps<F> {
  faces: readonly F[];
  setActive: (index: number | null) => void;
  children: (face: F) => ReactNode;
}

/** The result of a detector: how many faces, then each face with its score and details. */
export function ScoredFaces<F extends { face_rectangle: FaceRectangle; score: number }>({
  faces,
  setActive,
  children,
}: ScoredFacesProps<F>) {
  return (
    <>
      <FaceCount total={faces.length} />
      <FaceList faces={faces} setActive={setActive} aside={(face) => <FaceScore score={face.score} />}>
        {(face) => children(face)}
      </FaceList>
    </>
  );
}
