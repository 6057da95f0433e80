import { useTranslation } from 'react-i18next';
import type { BabyRecognitionAnswer } from '@pixora/catalog';
import { callAlgorithm, type GatewayResponse } from '../../../../api/gateway.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { SingleImageDemo } from '../../demo-kit/SingleImageDemo.tsx';
import { AnswerOverlay } from '../face-kit/AnswerOverlay.tsx';
import { FaceList } from '../face-kit/FaceList.tsx';
import { ResultTable } from '../face-kit/ResultTable.tsx';
import styles from '../face-kit/FaceKit.module.css';

type BabyRecognitionResponse = GatewayResponse<BabyRecognitionAnswer>;
type BabyFace = BabyRecognitionAnswer['faces'][number];

const facesOf = (response: BabyRecognitionResponse) => response.media_info_list[0]?.media_extra;
const isBaby = (face: BabyFace) => face.face_attributes.baby.value === 1;

/** Baby recognition (v1/baby_recognition): every face boxed and called a baby or not, with the age it rests on. */
export function BabyRecognitionDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const verdict = (face: BabyFace) => t(isBaby(face) ? 'faceDemo.baby.yes' : 'faceDemo.baby.no');
  // Both values are the age model's own outputs, not calibrated probabilities.
  const modelNote = (
    <span title={t('faceDemo.table.modelHint')} data-testid="model-note">
      {t('faceDemo.table.model')}
    </span>
  );
  return (
    <SingleImageDemo<BabyRecognitionResponse>
      item={item}
      testId="babyrecognition-demo"
      call={(media) => callAlgorithm<BabyRecognitionResponse>(item.endpoint, [media])}
      overlay={({ response, active }) => (
        <AnswerOverlay
          media={facesOf(response)}
          active={active}
          decorate={(face, index) => ({
            caption: `${index + 1} · ${verdict(face)}`,
            title: `${t('faceDemo.face', { index: index + 1 })}: ${verdict(face)}`,
            tone: isBaby(face) ? 'accent' : 'default',
          })}
        />
      )}
      result={({ response, setActive }) => {
        const faces = facesOf(response)?.faces ?? [];
        return (
          <>
            <p className={styles.count} data-testid="demo-result-count">
              {t('faceDemo.baby.count', { babies: faces.filter(isBaby).length, total: faces.length })}
            </p>
            <FaceList
              faces={faces}
              setActive={setActive}
              aside={(face) => (
                <span
                  className={`${styles.verdict} ${isBaby(face) ? styles.verdictYes : styles.verdictNo}`}
                  data-testid="face-verdict"
                >
                  {verdict(face)}
                </span>
              )}
            >
              {(face, _index, headingId) => (
                <ResultTable
                  labelledBy={headingId}
                  rows={[
                    {
                      name: 'baby',
                      label: t('faceDemo.baby.label'),
                      value: verdict(face),
                      score: face.face_attributes.baby.score,
                      note: modelNote,
                    },
                    ...(face.face_attributes.age
                      ? [
                          {
                            name: 'age',
                            label: t('faceAttributes.label.age'),
                            value: t('faceAttributes.ageValue', { value: face.face_attributes.age.value }),
                            score: face.face_attributes.age.score,
                            note: modelNote,
                          },
                        ]
                      : []),
                  ]}
                />
              )}
            </FaceList>
          </>
        );
      }}
    />
  );
}
