import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceRectangle, HeadPoseAngles } from '@pixora/catalog';
import styles from './FaceKit.module.css';

/** The figures of a box and of a head pose; their labels are `faceDemo.box.<side>`, `faceDemo.pose.<angle>`. */
export const BOX_SIDES = ['left', 'top', 'width', 'height'] as const;
export const POSE_ANGLES = ['pitch', 'yaw', 'roll'] as const;

/** Short figures as a description list: label above, value below. */
function Facts({ entries }: { entries: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Position and size of a face box, in pixels of the photo. */
export function BoxFacts({ rectangle }: { rectangle: FaceRectangle }) {
  const { t } = useTranslation();
  return (
    <Facts entries={BOX_SIDES.map((side) => [t(`faceDemo.box.${side}`), Math.round(rectangle[side])])} />
  );
}

/** Head pose: pitch, yaw and roll in degrees. */
export function PoseFacts({ pose }: { pose: HeadPoseAngles }) {
  const { t } = useTranslation();
  return (
    <div data-testid="face-pose">
      <h4 className={styles.factsTitle}>{t('faceDemo.pose.title')}</h4>
      <Facts
        entries={POSE_ANGLES.map((angle) => [
          t(`faceDemo.pose.${angle}`),
          t('faceDemo.pose.degrees', { value: pose[`${angle}_angle`].toFixed(1) }),
        ])}
      />
    </div>
  );
}

/** The detector's confidence in a face, beside its name. */
export function FaceScore({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span>
      {t('faceDemo.score')} <strong data-testid="face-score">{score.toFixed(3)}</strong>
    </span>
  );
}
