import type { FaceCharacterAnswer } from '@pixora/catalog';

/** v1/micro_facial_analysis's `facial_analysis` of the one frontal face. */
export type FacialAnalysis = FaceCharacterAnswer['faces'][number]['face_attributes']['facial_analysis'];

/**
 * The features of the micro facial analysis, grouped under the product's face analysis labels (face shape,
 * cheekbone, eyes, eyebrow, nose, lips, chin), with every value the engine answers
 * (packages/vision/src/algorithms/face/features.ts). Labels: `faceFeatures.group.<group>`,
 * `faceFeatures.feature.<feature>`; values: `faceFeatures.value.<feature>.<value>`.
 */
export const FEATURE_GROUPS = [
  { group: 'faceShape', features: ['face_shape'] },
  { group: 'cheekbone', features: ['cheekbone'] },
  { group: 'eyes', features: ['eye_shape', 'eye_tilt', 'eye_distance'] },
  { group: 'eyebrow', features: ['eyebrow_shape', 'eyebrow_thickness'] },
  { group: 'nose', features: ['nose_width', 'nose_length'] },
  { group: 'lips', features: ['lip_thickness', 'lip_peak'] },
  { group: 'chin', features: ['chin'] },
] as const;

export const FACE_SHAPES = ['circular', 'elliptic', 'long', 'prism', 'square', 'triangle'] as const;

export const FEATURE_VALUES: Record<string, readonly string[]> = {
  face_shape: FACE_SHAPES,
  cheekbone: ['high', 'normal', 'flat'],
  eye_shape: ['round', 'almond', 'narrow'],
  eye_tilt: ['upturned', 'level', 'downturned'],
  eye_distance: ['wide', 'normal', 'close'],
  eyebrow_shape: ['arched', 'curved', 'straight'],
  eyebrow_thickness: ['thick', 'normal', 'thin'],
  nose_width: ['wide', 'normal', 'narrow'],
  nose_length: ['long', 'normal', 'short'],
  lip_thickness: ['thick', 'normal', 'thin'],
  lip_peak: ['pronounced', 'normal', 'flat'],
  chin: ['pointed', 'round', 'square'],
};

export const groupKey = (group: string) => `faceFeatures.group.${group}`;
export const featureKey = (feature: string) => `faceFeatures.feature.${feature}`;
export const featureValueKey = (feature: string, value: string) => `faceFeatures.value.${feature}.${value}`;

export interface FeatureRow {
  feature: string;
  /** Translation key of the value, or the value itself when this build has no translation for it. */
  value: { key: string } | { raw: string };
}

/** The groups of features present in the answer, each with its rows, in display order. */
export function featureGroups(analysis: FacialAnalysis): Array<{ group: string; rows: FeatureRow[] }> {
  return FEATURE_GROUPS.map(({ group, features }) => ({
    group,
    rows: features.flatMap((feature): FeatureRow[] => {
      const entry = analysis[feature];
      const value = entry && 'value' in entry ? entry.value : undefined;
      if (typeof value !== 'string') return [];
      const known = FEATURE_VALUES[feature]?.includes(value);
      return [{ feature, value: known ? { key: featureValueKey(feature, value) } : { raw: value } }];
    }),
  })).filter((entry) => entry.rows.length > 0);
}

/** The six face-shape scores of the answer, in a fixed order, highest marked. */
export function faceShapeScores(
  analysis: FacialAnalysis,
): Array<{ shape: string; score: number; best: boolean }> {
  // The contract types `face_shape` as an object of unknown fields, so its parts are checked here.
  const { scores, value: best } = analysis.face_shape;
  if (typeof scores !== 'object' || scores === null) return [];
  const byShape = scores as Record<string, unknown>;
  return FACE_SHAPES.flatMap((shape) => {
    const score = byShape[shape];
    return typeof score === 'number' ? [{ shape, score, best: shape === best }] : [];
  });
}

/** Every translation key this module may build at run time (checked in three languages by its test). */
export function allFeatureKeys(): string[] {
  return [
    ...FEATURE_GROUPS.map(({ group }) => groupKey(group)),
    // A group of one feature is named by the group's label alone.
    ...FEATURE_GROUPS.flatMap(({ features }) => (features.length > 1 ? features.map(featureKey) : [])),
    ...Object.entries(FEATURE_VALUES).flatMap(([feature, values]) =>
      values.map((value) => featureValueKey(feature, value)),
    ),
  ];
}
