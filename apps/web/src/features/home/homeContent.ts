import type { Group } from '@pixora/catalog';

/** The marketing figures of the product contract (spec point 1). */
export const FIGURES = [
  { valueKey: 'home.figures.facePoints.value', labelKey: 'home.figures.facePoints.label' },
  { valueKey: 'home.figures.contourPoints.value', labelKey: 'home.figures.contourPoints.label' },
  { valueKey: 'home.figures.bodyPoints.value', labelKey: 'home.figures.bodyPoints.label' },
  { valueKey: 'home.figures.skinTones.value', labelKey: 'home.figures.skinTones.label' },
  { valueKey: 'home.figures.dailyCalls.value', labelKey: 'home.figures.dailyCalls.label' },
  { valueKey: 'home.figures.tracking.value', labelKey: 'home.figures.tracking.label' },
] as const;

/** The five core-technology categories of the home page, each with a page to try first. */
export const CATEGORIES: ReadonlyArray<{
  group: Group;
  titleKey: string;
  descKey: string;
  tryUrl: string;
}> = [
  {
    group: 'faceTechnology',
    titleKey: 'home.categories.face.title',
    descKey: 'home.categories.face.desc',
    tryUrl: '/algorithm/faceTechnology/facepointdetect',
  },
  {
    group: 'bodyTechnology',
    titleKey: 'home.categories.body.title',
    descKey: 'home.categories.body.desc',
    tryUrl: '/algorithm/bodyTechnology/BodyPose',
  },
  {
    group: 'imageRecognition',
    titleKey: 'home.categories.recognition.title',
    descKey: 'home.categories.recognition.desc',
    tryUrl: '/algorithm/imageRecognition/sky_segment',
  },
  {
    group: 'imageProcessing',
    titleKey: 'home.categories.processing.title',
    descKey: 'home.categories.processing.desc',
    tryUrl: '/algorithm/imageProcessing/beautify',
  },
  {
    group: 'generateImages',
    titleKey: 'home.categories.generation.title',
    descKey: 'home.categories.generation.desc',
    tryUrl: '/algorithm/generateImages/AICartoonStyle1',
  },
];

/** The three ways to integrate (spec point 1). */
export const ACCESS_MODES = [
  { titleKey: 'home.access.api.title', descKey: 'home.access.api.desc' },
  { titleKey: 'home.access.sdk.title', descKey: 'home.access.sdk.desc' },
  { titleKey: 'home.access.custom.title', descKey: 'home.access.custom.desc' },
] as const;
