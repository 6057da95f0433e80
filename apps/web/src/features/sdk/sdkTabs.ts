import { SDK_MODULES, type SdkModule } from '@pixora/catalog';

/** The SDK product page, in the algorithm section (public like every algorithm page). */
export const SDK_PAGE_PATH = '/algorithm/sdk';

/** The nine SDK tabs, in order: the SDK modules a licence is requested for. */
export const SDK_TABS = SDK_MODULES;

export type SdkTab = SdkModule;

export const isSdkTab = (value: unknown): value is SdkTab =>
  typeof value === 'string' && (SDK_TABS as readonly string[]).includes(value);

/** Features listed on every tab: `sdk.tabs.<tab>.features.<n>.title` / `.desc`. */
export const FEATURES_PER_TAB = 4;

/** Online demos of web APIs related to each SDK module (capability pages of the catalogue). */
export const RELATED_DEMOS: Record<SdkTab, readonly string[]> = {
  beautify: ['/algorithm/imageProcessing/beautify', '/algorithm/faceTechnology/AIBeauty'],
  face: ['/algorithm/faceTechnology/facepointdetect', '/algorithm/faceTechnology/faceDetect'],
  arFilter: ['/algorithm/imageProcessing/makeup', '/algorithm/generateImages/emojMaterial'],
  bodyPoints: ['/algorithm/bodyTechnology/BodyPose', '/algorithm/bodyTechnology/bodyContour'],
  imageEnhance: [
    '/algorithm/imageProcessing/imageEnhance',
    '/algorithm/imageProcessing/nightEnhance',
    '/algorithm/imageProcessing/HDR',
  ],
  imageRecognition: [
    '/algorithm/imageRecognition/sceneRecognition',
    '/algorithm/imageRecognition/catDogDetection',
    '/algorithm/imageRecognition/foodRecognition',
  ],
  segmentation: [
    '/algorithm/bodyTechnology/segmentEx',
    '/algorithm/bodyTechnology/hairSegment',
    '/algorithm/imageRecognition/sky_segment',
  ],
  intelligentRecognition: [
    '/algorithm/bodyTechnology/handGesture',
    '/algorithm/bodyTechnology/apperal',
    '/algorithm/bodyTechnology/accessories',
  ],
  skinDetect: ['/algorithm/faceTechnology/skinAnalysis'],
};

/**
 * The tab each SDK entry of the menu (MenuType 1) opens on, by the last segment of its url.
 * An SDK entry not listed opens on the first tab.
 */
export const ENTRY_TABS: Record<string, SdkTab> = {
  arSDK: 'arFilter',
  facefusionSDK: 'face',
  petRecognition: 'imageRecognition',
  foodRecognitionSDK: 'imageRecognition',
};

export function tabForEntry(slug: string): SdkTab {
  return ENTRY_TABS[slug] ?? SDK_TABS[0];
}
