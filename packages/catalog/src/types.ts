/** The languages of the platform. `zh` is the default. */
export const LANGUAGES = ['zh', 'zh_tw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type I18nText = Record<Language, string>;

/** Capability groups; `diretectionPosition` is spelled as the product contract spells it. */
export const GROUPS = [
  'faceTechnology',
  'bodyTechnology',
  'imageRecognition',
  'imageProcessing',
  'imageEditing',
  'generateImages',
  'diretectionPosition',
  'solution',
] as const;
export type Group = (typeof GROUPS)[number];

/** 0 algorithm API (top navigation), 1 SDK or another kind, 2 programme or solution. */
export type MenuType = 0 | 1 | 2;
/** 0 and 2 are shown in the menu, 1 is hidden. */
export type Display = 0 | 1 | 2;
/** 1 internal-only icon, 2 hot, 3 beta, 4 new, 5 hot plus new. */
export type Status = 1 | 2 | 3 | 4 | 5;

/** How the demo page presents a result. */
export type DemoKind =
  'points' | 'boxes' | 'mask' | 'beforeAfter' | 'attributes' | 'labels' | 'compare' | 'solution' | 'sdk';

export interface SampleFigure {
  originalImage: string;
}

export interface ImageLabel {
  image: string;
  label: string;
  label_en: string;
  label_zh_tw: string;
}

/** The Extension JSON of a menu entry (spec point 3). */
export interface Extension {
  factorySwitch?: 0 | 1;
  factoryUrl?: string;
  doc?: number;
  useLocalExample?: boolean;
  materialType?: string;
  sampleFigure?: string[];
  sampleFigure_mult?: SampleFigure[];
  imageLabels?: ImageLabel[];
  demoKind?: DemoKind;
  /** Whether the online demo and API are served by this build (added by the server from the catalogue). */
  available?: boolean;
}

export interface Capability {
  /** Numeric id of the product contract. */
  id: number;
  /** Stable code name, as the contract lists it (`facePoint`, `catsAndDogs`, ...). */
  key: string;
  group: Group;
  /** Last URL segment of the page: /algorithm/{group}/{slug}. */
  slug: string;
  /** Gateway endpoint without leading slash (`v2/facepoints`); absent for SDK and solution entries. */
  endpoint?: string;
  /**
   * Further endpoints of the same capability, documented with it (face search's face-set
   * endpoints under faceRecognition). The menu and the demo page use `endpoint`.
   */
  extraEndpoints?: readonly string[];
  name: I18nText;
  description: I18nText;
  menuType: MenuType;
  display: Display;
  status: Status;
  extension: Extension;
  /** Whether the engine serves this capability in this build. */
  available: boolean;
}

export interface GroupInfo {
  id: Group;
  /** Menu id of the group entry (a parent row in the menu table). */
  menuId: number;
  name: I18nText;
}

/** A face's box in original-image pixels, as the gateway answers it. */
export interface FaceRectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A face set as the face-set endpoints answer it; a website visitor's sets carry `expires_at`. */
export interface FaceSetSummary {
  faceset_token: string;
  faceset_name: string;
  face_count: number;
  created_at: string;
  /** Demo sets only: when the set is deleted. */
  expires_at?: string;
}

/** A face stored in a face set. */
export interface StoredFace {
  face_token: string;
  face_name: string;
  face_rectangle: FaceRectangle;
  created_at: string;
}
