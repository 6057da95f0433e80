/**
 * Helpers of the kind demo tests (imported by tests only). Capabilities are written with the
 * catalogue's own builders (contract/kinds.ts, contract/params.ts), and their menu entries carry
 * what the server's menu seed (apps/server/src/modules/menu/menu.seed.ts, `menuExtension`) derives from a
 * contract: the view and the controls (`demoControls`). Answers are checked against the contract's
 * answer schema before a test uses them.
 */
import {
  BODY_14,
  HAND_21,
  bodyPose as bodyPoseCapability,
  handGesture as handGestureCapability,
  hairAnalysis as hairAnalysisCapability,
  personSplit as personSplitCapability,
  faceSegment as faceSegmentCapability,
  depthEstimation as depthEstimationCapability,
  demoControls,
  defineEndpoint,
  type EndpointContract,
  type Keypoint,
} from '@pixora/catalog';
import { screen } from '@testing-library/react';
import { toMenuItem, type MenuItem } from '../../../api/menu.ts';
import * as answer from '../../../../../../packages/catalog/src/contract/answer.ts';
import * as kinds from '../../../../../../packages/catalog/src/contract/kinds.ts';
import * as params from '../../../../../../packages/catalog/src/contract/params.ts';
import type { Doc } from '../../../../../../packages/catalog/src/contract/doc.ts';

const doc = (en: string, zh = `${en}（中文）`, zhTw = `${en}（繁體）`): Doc => [zh, zhTw, en];

/** The menu entry of a served capability, as the menu API sends it (Extension as JSON text). */
export function servedItem(
  key: string,
  contract: EndpointContract,
  samples = ['/samples/coffee.jpg'],
): MenuItem {
  const demo = {
    images: contract.images,
    samples,
    ...(contract.view ? { view: contract.view } : {}),
    controls: demoControls(contract),
  };
  return toMenuItem({
    Id: 900,
    ParentId: 1002,
    Name: key,
    NameI18N: '{}',
    Comment: '',
    CommentI18N: '{}',
    Extension: JSON.stringify({ key, demoKind: contract.kind, available: true, demo }),
    Url: `/algorithm/bodyTechnology/${key}`,
    Endpoint: contract.endpoint,
    MenuType: 0,
    Display: 0,
    Status: 2,
    Children: [],
  });
}

/** The answer of a call, its `media_extra` checked against the contract first. */
export function gatewayAnswer(
  contract: EndpointContract,
  extra: Record<string, unknown>,
  media: { media_data?: string; media_data_type?: string } = {},
) {
  contract.answer.parse(extra);
  return {
    parameter: {},
    extra: {},
    media_info_list: [
      {
        ...(media.media_data ? { media_data: media.media_data } : {}),
        media_profiles: { media_data_type: media.media_data_type ?? 'jpg' },
        media_extra: extra,
      },
    ],
  };
}

/** Body key points (v1/BodyPose) as the catalogue defines it, and its 14-point layout. */
export const bodyPose = bodyPoseCapability.api!;
export const BODY_LAYOUT = BODY_14;

/** A person standing at (x, y): 14 points, those named in `unsure` scored low. */
export function person(x: number, y: number, score: number, unsure: readonly string[] = []) {
  const keypoints: Keypoint[] = BODY_LAYOUT.points.map((name, index) => ({
    name,
    x: x + (index % 3) * 20,
    y: y + index * 15,
    score: unsure.includes(name) ? 0.1 : 0.9,
  }));
  return {
    person_rectangle: { left: x - 10, top: y - 10, width: 80, height: 230 },
    score,
    keypoints,
    model_keypoints: keypoints,
  };
}

/** Hand gestures (v1/HandGesture) as the catalogue defines it: 21 points and attributes per hand. */
export const handGesture = handGestureCapability.api!;
export const HAND_LAYOUT = HAND_21;
/** The hair attribute capability's contract (its view names the attributes and their values). */
export const hairAnalysis = hairAnalysisCapability.api!;

/** A hand at (x, y) showing `gesture`, its side `side`. */
export function hand(
  x: number,
  y: number,
  gesture: string,
  side: 'left' | 'right',
  number: number | null = null,
) {
  const keypoints: Keypoint[] = HAND_LAYOUT.points.map((name, index) => ({
    name,
    x: x + (index % 5) * 10,
    y: y + index * 5,
    score: 0.95,
  }));
  return {
    hand_rectangle: { left: x, top: y, width: 50, height: 110 },
    score: 0.95,
    keypoints,
    attributes: {
      handedness: { value: side, score: 0.9 },
      gesture: { value: gesture },
      number: { value: number },
    },
  };
}

/** Portrait segmentation (v2/segment) as the catalogue defines it: a mask and the cut-out as the answer's image. */
export const personSplit = personSplitCapability.api!;

/** Face parsing (v1/PhotoSegment) as the catalogue defines it: a label image, its legend, the painted labels. */
export const faceSegment = faceSegmentCapability.api!;

/** Depth estimation (v1/MonoDepth) as the catalogue defines it: a 16-bit map and its painting. */
export const depthEstimation = depthEstimationCapability.api!;

/** Objects found with their class; a count and a score threshold the visitor may change. */
export const objectDetect = defineEndpoint({
  endpoint: 'v1/objects',
  parameters: {
    max_num: params.integer({ min: 1, max: 50, default: 10 }, doc('Most objects to return.')),
    min_score: params.number({ min: 0, max: 1, default: 0.5 }, doc('Lowest score kept.')),
  },
  answer: kinds.boxes({
    list: 'objects',
    count: 'object_num',
    rectangle: 'object_rectangle',
    items: ['物体', '物體', 'objects'],
    item: { label: kinds.boxLabel(doc('Class of the object.')) },
  }),
  errors: [],
});

/** Pet recognition: the best labels of the photo, with names in three languages. */
export const petLabels = defineEndpoint({
  endpoint: 'v1/pets',
  parameters: {
    top_k: params.integer({ min: 1, max: 10, default: 5 }, doc('How many labels to return.')),
  },
  answer: kinds.labels({
    what: ['宠物类别', '寵物類別', 'pet classes'],
    names: { cat: ['猫', '貓', 'Cat'], dog: ['狗', '狗', 'Dog'] },
  }),
  errors: [],
});

/** Clothing attributes of each person. */
export const apparel = defineEndpoint({
  endpoint: 'v1/apparel',
  parameters: {},
  answer: kinds.attributes({
    list: 'persons',
    count: 'person_num',
    rectangle: 'person_rectangle',
    items: ['人', '人', 'persons'],
    attributes: {
      upper_colour: kinds.attribute(kinds.boxLabel(doc('Colour')), doc('Colour of the upper clothes.')),
      sleeves: kinds.attribute(kinds.boxLabel(doc('Sleeves')), doc('Sleeve length.')),
      items_worn: kinds.attribute(answer.count(doc('Count')), doc('Pieces worn.')),
    },
  }),
  errors: [],
});

/**
 * An image filter with every kind of control: a strength (slider), a style (a choice), a switch
 * (0 or 1) and a whole number.
 */
export const styleFilter = defineEndpoint({
  endpoint: 'v1/style',
  parameters: {
    strength: params.strength(70, doc('Strength of the style.', '风格强度。', '風格強度。')),
    style: params.choice(['ink', 'oil', 'sketch'], { default: 'oil' }, doc('Style to paint in.')),
    keep_colour: params.flag(true, doc('Keep the colours of the photo.')),
    seed: params.integer({ min: 0, max: 999 }, doc('Random seed.')),
  },
  answer: kinds.image(),
  errors: [],
});

/** A colour filter whose looks have names and pictures (as v1/filter's). */
export const lookFilter = defineEndpoint({
  endpoint: 'v1/looks',
  parameters: {
    look: params.choice(
      ['warm', 'mono'],
      {
        default: 'warm',
        names: { warm: ['暖阳', '暖陽', 'Warm'], mono: ['黑白', '黑白', 'Mono'] },
        previews: { warm: '/samples/filters/warm.jpg', mono: '/samples/filters/mono.jpg' },
      },
      doc('The look.'),
    ),
  },
  answer: kinds.image(),
  errors: [],
});

/** The rows of the `index`-th item's attribute table as the demo shows them: name, value, score. */
export const attributeTable = (index: number) =>
  [...screen.getAllByTestId('kind-attributes')[index]!.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );
