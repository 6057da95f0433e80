import type { EndpointContract } from './contract/define.ts';
import type { KindView, OutputKind } from './contract/kinds.ts';

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

/** How the demo page presents a result: the output kind of the capability's API, or an SDK or solution page. */
export type DemoKind = OutputKind | 'solution' | 'sdk';

export interface SampleFigure {
  originalImage: string;
}

export interface ImageLabel {
  image: string;
  label: string;
  label_en: string;
  label_zh_tw: string;
}

/** The Extension JSON of a menu entry. */
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
  /** The capability's key (added by the server): the web picks a demo of its own by it. */
  key?: string;
  /** Whether the online demo and API are served by this build: the server adds it from its bindings. */
  available?: boolean;
  /**
   * What the kind's web demo needs of a served capability (added by the server): how to read the
   * answer, and the parameters it offers as controls.
   */
  demo?: DemoSpec;
}

/** A public parameter the web demo offers as a control, read from the contract's schema. */
export interface DemoControl {
  name: string;
  type: 'integer' | 'number' | 'string' | 'boolean';
  minimum?: number;
  maximum?: number;
  default?: unknown;
  /** Allowed values (a choice). */
  options?: readonly (string | number)[];
  /** Display names of the options, when the contract gives some. */
  optionNames?: Record<string, I18nText>;
  /** A small picture of each option's effect (a path under the website), when the contract gives some. */
  optionPreviews?: Record<string, string>;
  /**
   * Where more options are listed at run time (a provided choice): `GET` answers
   * `{ data: { options: [{ value, name, preview }] } }`, the enabled ones in order.
   */
  optionsUrl?: string;
  description: I18nText;
}

export interface DemoSpec {
  images: number;
  /** Sample photos that suit the capability (paths under the site), offered first. */
  samples: string[];
  view?: KindView;
  controls: DemoControl[];
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
  extraEndpoints?: readonly EndpointContract[];
  name: I18nText;
  description: I18nText;
  menuType: MenuType;
  display: Display;
  status: Status;
  /** What the API answers (its output kind), or that the entry is an SDK or a solution page. */
  kind: DemoKind;
  /** Sample photos that suit it (files under /samples/), best first. */
  samples: readonly string[];
  extension: Extension;
  /** The web API, once its contract is written; served when the server binds it to an engine task. */
  api?: EndpointContract;
}

export interface GroupInfo {
  id: Group;
  /** Menu id of the group entry (a parent row in the menu table). */
  menuId: number;
  name: I18nText;
}
