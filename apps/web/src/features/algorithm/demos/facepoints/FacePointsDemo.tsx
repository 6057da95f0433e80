import { useId, useState } from 'react';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FacePointsAnswer, FacePointsParameters } from '@pixora/catalog';
import { type GatewayResponse } from '../../../../api/gateway.ts';
import { useCallAlgorithm, useReportedParameters } from '../../demo-kit/demoCaller.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { BoxFacts } from '../face-kit/FaceFacts.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { ScoredFaces } from '../face-kit/ScoredFaces.tsx';
import styles from '../face-kit/FaceKit.module.css';

type FacePointsResponse = GatewayResponse<FacePointsAnswer>;
type FacePointsFace = FacePointsAnswer['faces'][number];
/** Which points v2/facepoints returns (`parameter.landmark_type`). */
type LandmarkType = NonNullable<FacePointsParameters['landmark_type']>;

const facesOf = (response: FacePointsResponse) => response.media_info_list[0]?.media_extra;

/** Pupils of the 106- and 118-point layouts (subject's right, then left): drawn like the irises. */
const PUPILS = [60, 70];

/** What is drawn for a face: the answer's 118 or 106 points if it has them, else the mesh and irises. */
function drawing(face: FacePointsFace) {
  const { mesh, iris_left: irisLeft, iris_right: irisRight } = face.face_landmark;
  const points = face.face_landmark.points_118 ?? face.face_landmark.points_106;
  if (points)
    return {
      mesh: points,
      iris: PUPILS.map((i) => points[i]!).filter(Boolean),
      count: { key: 'faceDemo.points', values: { total: points.length } },
    };
  // Counted as the option names them: the mesh, and the iris points beside it.
  const iris = [...(irisLeft ?? []), ...(irisRight ?? [])];
  return {
    mesh: mesh ?? [],
    iris,
    count: { key: 'faceDemo.pointsMesh', values: { mesh: mesh?.length ?? 0, iris: iris.length } },
  };
}

/**
 * The face key points demo: pick an image, analyse, see every face boxed with its points: the
 * 468-point mesh with the irises, or the 106- or 118-point layout derived from it (`landmark_type`).
 */
export function FacePointsDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  const { t } = useTranslation();
  const id = useId();
  const [layout, setLayout] = useState<Exclude<LandmarkType, 'all'>>('468');
  // The mesh (468) is the default: the demo asks for another layout only.
  const parameter = layout !== '468' ? { landmark_type: layout } : {};
  useReportedParameters(item.endpoint, parameter);
  return (
    <SingleImageDemo<FacePointsResponse>
      item={item}
      testId="facepoints-demo"
      call={(media) => callAlgorithm<FacePointsResponse>(item.endpoint, [media], { parameter })}
      options={
        <div className={styles.option} role="group" aria-labelledby={`${id}-layout`}>
          <span id={`${id}-layout`} className={styles.optionLabel}>
            {t('faceDemo.layout.label')}
          </span>
          <Radio.Group
            optionType="button"
            value={layout}
            onChange={(event) => setLayout(event.target.value as Exclude<LandmarkType, 'all'>)}
            options={[
              { value: '468', label: t('faceDemo.layout.mesh') },
              { value: '106', label: t('faceDemo.layout.points106') },
              { value: '118', label: t('faceDemo.layout.points118') },
            ]}
            data-testid="facepoints-layout"
          />
          <p className={styles.note}>{t('faceDemo.layout.hint', { name: 'landmark_type' })}</p>
        </div>
      }
      overlay={({ response, active }) => (
        <AnswerOverlay
          media={facesOf(response)}
          active={active}
          decorate={(face) => {
            const { mesh, iris } = drawing(face);
            return { mesh, iris };
          }}
        />
      )}
      result={({ response, setActive }) => (
        <ScoredFaces faces={facesOf(response)?.faces ?? []} setActive={setActive}>
          {(face) => (
            <>
              <BoxFacts rectangle={face.face_rectangle} />
              <p className={styles.note} data-testid="facepoints-total">
                {t(drawing(face).count.key, drawing(face).count.values)}
              </p>
            </>
          )}
        </ScoredFaces>
      )}
    />
  );
}
