import { useId, useState } from 'react';
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FACE_COUNT, type FaceDetectAnswer, type FaceDetectParameters } from '@pixora/catalog';
import { type GatewayResponse } from '../../../../api/gateway.ts';
import { useCallAlgorithm, useReportedParameters } from '../../demo-kit/demoCaller.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { BoxFacts, PoseFacts } from '../face-kit/FaceFacts.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { ScoredFaces } from '../face-kit/ScoredFaces.tsx';
import styles from '../face-kit/FaceKit.module.css';

type FaceDetectResponse = GatewayResponse<FaceDetectAnswer>;

/** The parameters the contract names (its loose schema also lets any other name through). */
type Named<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/**
 * The parameter naming the most faces wanted: each endpoint's own name, `nFront` on v1/facedetect
 * and `max_face_num` on v2/facedetect (each also reads the other's name).
 */
const maxFacesParameter = (endpoint: string): Extract<Named<FaceDetectParameters>, string> =>
  endpoint === 'v1/facedetect' ? 'nFront' : 'max_face_num';

const facesOf = (response: FaceDetectResponse) => response.media_info_list[0]?.media_extra;

/**
 * Face detection (v1/facedetect, v2/facedetect): every face boxed with its score, the face count,
 * and per face its box and head pose. The visitor chooses how many faces at most are returned.
 */
export function FaceDetectDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  const { t } = useTranslation();
  const id = useId();
  const [maxFaces, setMaxFaces] = useState<number>(FACE_COUNT.default);
  const parameterName = maxFacesParameter(item.endpoint);
  const parameter = { [parameterName]: maxFaces };
  useReportedParameters(item.endpoint, parameter);

  return (
    <SingleImageDemo<FaceDetectResponse>
      item={item}
      testId="facedetect-demo"
      call={(media) => callAlgorithm<FaceDetectResponse>(item.endpoint, [media], { parameter })}
      options={
        <div className={styles.option}>
          <label htmlFor={`${id}-max`} className={styles.optionLabel}>
            {t('faceDemo.detect.maxFaces')}
          </label>
          <InputNumber
            id={`${id}-max`}
            min={FACE_COUNT.min}
            max={FACE_COUNT.max}
            precision={0}
            value={maxFaces}
            onChange={(value) => setMaxFaces(value ?? FACE_COUNT.default)}
            aria-describedby={`${id}-max-hint`}
            data-testid="facedetect-max-faces"
          />
          <p id={`${id}-max-hint`} className={styles.note}>
            {t('faceDemo.detect.maxFacesHint', { name: parameterName, max: FACE_COUNT.max })}
          </p>
        </div>
      }
      overlay={({ response, active }) => (
        <AnswerOverlay
          media={facesOf(response)}
          active={active}
          decorate={(face, index) => ({
            caption: `${index + 1} · ${face.score.toFixed(2)}`,
            title: t('faceDemo.faceWithScore', { index: index + 1, score: face.score.toFixed(3) }),
          })}
        />
      )}
      result={({ response, setActive }) => (
        <ScoredFaces faces={facesOf(response)?.faces ?? []} setActive={setActive}>
          {(face) => (
            <>
              <BoxFacts rectangle={face.face_rectangle} />
              <PoseFacts pose={face.face_attributes.headpose} />
            </>
          )}
        </ScoredFaces>
      )}
    />
  );
}
