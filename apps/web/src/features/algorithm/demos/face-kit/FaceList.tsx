import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './FaceKit.module.css';

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
  const id = useId();
  return (
    <ol className={styles.faces}>
      {faces.map((face, index) => {
        const headingId = `${id}-face-${index}`;
        return (
          <li
            key={index}
            className={styles.face}
            onMouseEnter={() => setActive(index)}
            onMouseLeave={() => setActive(null)}
            data-testid="demo-face-item"
          >
            <div className={styles.faceHead}>
              <h3 id={headingId} className={styles.faceIndex}>
                {t('faceDemo.face', { index: index + 1 })}
              </h3>
              {aside?.(face, index)}
            </div>
            {children(face, index, headingId)}
          </li>
        );
      })}
    </ol>
  );
}
