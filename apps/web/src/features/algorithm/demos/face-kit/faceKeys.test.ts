import { describe, expect, it } from 'vitest';
import en from '../../../../i18n/locales/en/index.ts';
import zh from '../../../../i18n/locales/zh/index.ts';
import zhTw from '../../../../i18n/locales/zh_tw/index.ts';
import { allAttributeKeys, ATTRIBUTE_VALUES, FACE_ATTRIBUTES } from '../faceanalysis/attributes.ts';
import { allFeatureKeys, FEATURE_GROUPS, FEATURE_VALUES } from '../facecharacter/features.ts';
import { BOX_SIDES, POSE_ANGLES } from './FaceFacts.tsx';

/**
 * The face demos build their label and value keys at run time (`faceAttributes.value.gender.female`,
 * `faceFeatures.value.chin.pointed`), which the literal-key check of locales.test.ts cannot see.
 * This test fails when any of them is missing in a language.
 */
const locales = { zh, zh_tw: zhTw, en } as Record<string, unknown>;

const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

function missing(keys: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(locales).map(([language, messages]) => [
      language,
      keys.filter((key) => {
        const value = lookup(messages, key);
        return typeof value !== 'string' || value.trim() === '';
      }),
    ]),
  );
}

const none = { zh: [], zh_tw: [], en: [] };

describe('face demo translations', () => {
  it('name every face attribute the product labels and every value the analysis shows, in three languages', () => {
    const keys = allAttributeKeys();
    expect(keys).toContain('faceAttributes.label.attractiveness');
    expect(keys).toContain('faceAttributes.value.emotion.surprise');
    expect(FACE_ATTRIBUTES.map(({ name }) => name)).toEqual([
      'age',
      'attractiveness',
      'emotion',
      'gender',
      'glasses',
      'beard',
      'race',
      'eyelid',
    ]);
    expect(keys.length).toBe(
      1 +
        FACE_ATTRIBUTES.length +
        Object.values(ATTRIBUTE_VALUES).reduce((n, { values }) => n + values.length, 0),
    );
    expect(missing(keys)).toEqual(none);
  });

  it('name every feature group, feature and value of the feature analysis, in three languages', () => {
    const keys = allFeatureKeys();
    expect(FEATURE_GROUPS.map(({ group }) => group)).toEqual([
      'faceShape',
      'cheekbone',
      'eyes',
      'eyebrow',
      'nose',
      'lips',
      'chin',
    ]);
    expect(keys).toContain('faceFeatures.value.face_shape.prism');
    expect(keys).toContain('faceFeatures.feature.lip_peak');
    expect(Object.keys(FEATURE_VALUES)).toHaveLength(12);
    expect(missing(keys)).toEqual(none);
  });

  it('name the figures of a face box and of the head pose, in three languages', () => {
    const keys = [
      ...BOX_SIDES.map((side) => `faceDemo.box.${side}`),
      ...POSE_ANGLES.map((angle) => `faceDemo.pose.${angle}`),
    ];
    expect(keys).toHaveLength(7);
    expect(missing(keys)).toEqual(none);
  });

  it('finds a key that is missing', () => {
    expect(missing(['faceAttributes.value.gender.unknown']).en).toEqual([
      'faceAttributes.value.gender.unknown',
    ]);
  });
});
