import { useTranslation } from 'react-i18next';
import { analyseFacePoints, type FacePointsResponse } from '../../../../api/gateway.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { BoxFacts } from '../face-kit/FaceFacts.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { ScoredFaces } from '../face-kit/ScoredFaces.tsx';
import styles from '../face-kit/FaceKit.module.css';

const facesOf = (response: FacePointsResponse) => response.media_info_list[0]?.media_extra;

/** The face key points demo: pick an image, analyse, see every face boxed with its mesh and iris points. */
export function FacePointsDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  return (
    <SingleImageDemo<FacePointsResponse>
      item={item}
      testId="facepoints-demo"
      call={(media) => analyseFacePoints(media)}
      overlay={({ response, active }) => (
        <AnswerOverlay
          media={facesOf(response)}
          active={active}
          decorate={(face) => ({
            mesh: face.face_landmark.mesh,
            iris: [...face.face_landmark.iris_left, ...face.face_landmark.iris_right],
          })}
        />
      )}
      result={({ response, setActive }) => (
        <ScoredFaces faces={facesOf(response)?.faces ?? []} setActive={setActive}>
          {(face) => (
            <>
              <BoxFacts rectangle={face.face_rectangle} />
              <p className={styles.note}>
                {t('faceDemo.points', {
                  total:
                    face.face_landmark.mesh.length +
                    face.face_landmark.iris_left.length +
                    face.face_landmark.iris_right.length,
                })}
              </p>
            </>
          )}
        </ScoredFaces>
      )}
    />
  );
}
