import type { FaceAnalysisAnswer } from '@pixora/catalog';

/** A face of v2/macro_facial_analysis: which attributes it carries depends on the request. */
export type AnalysedFace = FaceAnalysisAnswer['faces'][number];
/**
 * An attribute of a face: `face_attributes.<name> = { value, confidence }`. Where nothing calibrates
 * it, the confidence is null and `method` says where its `score` comes from: "model" (the model's
 * own output) or "heuristic" (how clear a measured cue was).
 */
type FaceAttribute = { value: unknown; confidence: number | null; score?: unknown; method?: string };

/**
 * The face attributes the product labels (age, attractiveness, emotion, gender, glasses, beard, race, eyelid) in the order the page lists them, with the answer key that
 * carries each (`face_attributes.<key>`: the gateway names attractiveness `beauty` and the beard
 * `mustache`). `kind` says how the value reads: years, a 0-100 score, or a label to translate.
 */
export const FACE_ATTRIBUTES = [
  { name: 'age', key: 'age', kind: 'age' },
  { name: 'attractiveness', key: 'beauty', kind: 'score' },
  { name: 'emotion', key: 'emotion', kind: 'label' },
  { name: 'gender', key: 'gender', kind: 'label' },
  { name: 'glasses', key: 'glasses', kind: 'label' },
  { name: 'beard', key: 'mustache', kind: 'label' },
  { name: 'race', key: 'race', kind: 'label' },
  { name: 'eyelid', key: 'eyelid', kind: 'label' },
] as const;

export type AttributeName = (typeof FACE_ATTRIBUTES)[number]['name'];
type LabelAttribute = Extract<(typeof FACE_ATTRIBUTES)[number], { kind: 'label' }>['name'];

/**
 * The values of each labelled attribute, as the gateway answers them, each with a translation
 * (`faceAttributes.value.<name>.<value>`). `codes` reads a numeric answer: index = code.
 */
export const ATTRIBUTE_VALUES: Record<
  LabelAttribute,
  { values: readonly string[]; codes?: readonly string[] }
> = {
  // 0 female, 1 male (HSE-FaceRes).
  gender: { values: ['female', 'male'], codes: ['female', 'male'] },
  // The seven FER-2013 classes of the emotion model.
  emotion: { values: ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'] },
  glasses: { values: ['none', 'glasses', 'sunglasses'] },
  // Answered as `mustache`: 0 none, 1 beard or moustache.
  beard: { values: ['none', 'beard'], codes: ['none', 'beard'] },
  // The five classes of the GEAR race model.
  race: { values: ['white', 'black', 'asian', 'indian', 'other'] },
  eyelid: { values: ['single', 'double'] },
};

export const attributeLabelKey = (name: AttributeName) => `faceAttributes.label.${name}`;
export const attributeValueKey = (name: LabelAttribute, value: string) =>
  `faceAttributes.value.${name}.${value}`;

/** One row of a face's attribute table. */
export interface AttributeRow {
  name: AttributeName;
  /** Translation key and options of the value; `raw` when the value has no translation. */
  value: { key: string; options?: Record<string, unknown> } | { raw: string };
  confidence: number | null;
  /** The model's own output for the value, when a model decided it (not a probability). */
  modelScore: number | null;
  /** Decided by a documented heuristic, with no calibrated confidence. */
  heuristic: boolean;
}

/** The translation of a labelled value, or null when this build does not know the value. */
export function labelValue(name: LabelAttribute, value: unknown): string | null {
  const vocabulary = ATTRIBUTE_VALUES[name];
  if (typeof value === 'number') return vocabulary.codes?.[value] ?? null;
  return typeof value === 'string' && vocabulary.values.includes(value) ? value : null;
}

function rawText(value: unknown): string {
  if (typeof value === 'number') return String(Math.round(value * 10) / 10);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function row(name: AttributeName, kind: string, attribute: FaceAttribute): AttributeRow {
  const modelScore =
    attribute.method === 'model' && typeof attribute.score === 'number' ? attribute.score : null;
  return { ...rowValue(name, kind, attribute), modelScore, heuristic: attribute.method === 'heuristic' };
}

function rowValue(
  name: AttributeName,
  kind: string,
  attribute: FaceAttribute,
): Omit<AttributeRow, 'heuristic' | 'modelScore'> {
  const confidence = typeof attribute.confidence === 'number' ? attribute.confidence : null;
  const { value } = attribute;
  if (kind === 'age' && typeof value === 'number') {
    return {
      name,
      value: { key: 'faceAttributes.ageValue', options: { value: Math.round(value) } },
      confidence,
    };
  }
  if (kind === 'score' && typeof value === 'number') {
    return { name, value: { raw: String(Math.round(value * 10) / 10) }, confidence };
  }
  if (kind === 'label') {
    const known = labelValue(name as LabelAttribute, value);
    if (known) return { name, value: { key: attributeValueKey(name as LabelAttribute, known) }, confidence };
  }
  return { name, value: { raw: rawText(value) }, confidence };
}

/** The face attributes that the answer carries for this face, in display order. */
export function attributeRows(face: AnalysedFace): AttributeRow[] {
  const rows: AttributeRow[] = [];
  for (const { name, key, kind } of FACE_ATTRIBUTES) {
    const attribute = face.face_attributes[key];
    if (attribute && attribute.value !== undefined && attribute.value !== null)
      rows.push(row(name, kind, attribute));
  }
  return rows;
}

/** Every translation key this module may build at run time (checked in three languages by its test). */
export function allAttributeKeys(): string[] {
  return [
    'faceAttributes.ageValue',
    ...FACE_ATTRIBUTES.map(({ name }) => attributeLabelKey(name)),
    ...Object.entries(ATTRIBUTE_VALUES).flatMap(([name, { values }]) =>
      values.map((value) => attributeValueKey(name as LabelAttribute, value)),
    ),
  ];
}
