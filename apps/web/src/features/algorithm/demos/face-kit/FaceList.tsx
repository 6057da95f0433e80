import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../demo-kit/ItemList.tsx';

interface FaceListProps<F> {
  faces: readonly F[];
  /** Emphasises the face on the photo while the visitor points at its entry. */
  setActive: (index: number | null) => void;
  /** Beside the face's name: its score or verdict. */
  aside?: (face: F, index: number) => ReactNode;
  /** The face's details; `headingId` names the face for the tables inside. */
  children: (face: F, index: number, headingId: string) => ReactNode;
}

/** The faces of an answer as a numbered list, numbered as on the photo. */
export function FaceList<F>({ faces, setActive, aside, children }: FaceListProps<F>) {
  const { t } = useTranslation();
  return (
    <ItemList
      items={faces}
      setActive={setActive}
      heading={(index) => t('faceDemo.face', { index: index + 1 })}
      aside={aside}
      testId="demo-face-item"
    >
      {children}
    </ItemList>
  );
}
