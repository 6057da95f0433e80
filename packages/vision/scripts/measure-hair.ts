/**
 * Agreement of the hair attribute task (v1/hairclassifier) with the hand labels of
 * test/fixtures/hair-labels.json (docs/quality.md, "Hair attributes"), and its speed:
 *
 *   node --import tsx packages/vision/scripts/measure-hair.ts [tune|report|speed] [portraits]
 *
 * tune / report: for the photos of that set (with `portraits`, of the independent face set's hair
 *   labels, test/fixtures/hair-portraits-labels.json: one person a photo, the largest face answered),
 *   each labelled person is matched to the answered face
 *   whose box (grown by a fifth each way) holds the labelled nose and whose centre is nearest it;
 *   per attribute, how many answers agree with the label, each person's answers beside the labels
 *   (label-agreement.ts), and the measurements the rules read.
 * speed: wall and CPU time of the engine on the 640 px astronaut (one core: prefix `taskset -c 0`).
 */
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import { decodeImage } from '../src/image/decode.ts';
import { DETECT_SIDE, loadSkinHairModels } from '../src/algorithms/body/skin-hair.ts';
import { hairAttributes, type HairMeasures } from '../src/algorithms/face/hair-attributes.ts';
import { HAIR_ATTRIBUTES_DEFAULTS } from '../src/algorithms/face/hair-attributes-params.ts';
import { printAgreement, readLabels } from './label-agreement.ts';
import { speedPhotos, timeTask } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'report';
/** The label file: face-api's party photos and scikit-image's two (hair), or the independent face set's portraits. */
const labelFile = process.argv.includes('portraits') ? 'hair-portraits' : 'hair';

export const HAIR_ATTRIBUTE_NAMES = [
  'length',
  'bangs',
  'curl',
  'hairline',
  'ponytail',
  'bun',
  'shaved',
  'bald',
  'colour',
] as const;
type HairAttributeName = (typeof HAIR_ATTRIBUTE_NAMES)[number];
const f2 = (v: number | undefined): string => (v === undefined ? '-' : v.toFixed(2));
const measuresText = (m: HairMeasures): string =>
  `end ${f2(m.end)} shoulders ${f2(m.shoulders)} bangs ${f2(m.bangs)} hairline ${f2(m.hairline)} side ${f2(m.side)} ` +
  `outside ${f2(m.mass)} scalp p/h/s ${f2(m.scalp.person)}/${f2(m.scalp.hair)}/${f2(m.scalp.skin)} ${m.scalp.likeForehead ? 'like' : 'unlike'} ` +
  `coherence ${f2(m.coherence)} colour ${m.colour ? `${m.colour.value} ${f2(m.colour.share)} Lab ${m.colour.lab.join(',')}` : '-'} ` +
  `probes bangs/high/bald ${m.probes ? `${f2(m.probes.bangs)}/${f2(m.probes.high)}/${f2(m.probes.bald)}` : '-'}`;

async function agreement(set: 'tune' | 'report'): Promise<void> {
  const models = await loadSkinHairModels();
  await printAgreement({
    title: `hair attributes (${labelFile}-labels.json)`,
    labels: readLabels<HairAttributeName>(labelFile),
    attributes: HAIR_ATTRIBUTE_NAMES,
    set,
    grow: 0.2,
    answer: async (bytes) => {
      // The task through the engine once (runtime set up, the answer as served), then with its measurements.
      await runTaskInProcess('hairattributes', { image: bytes });
      const image = await decodeImage(bytes, undefined, { maxSide: DETECT_SIDE });
      const { result, measures } = await hairAttributes(image, HAIR_ATTRIBUTES_DEFAULTS, models);
      return {
        boxes: result.faces.map((f) => f.face_rectangle),
        values: result.faces.map((f) =>
          Object.fromEntries(HAIR_ATTRIBUTE_NAMES.map((a) => [a, f.attributes[a].value])),
        ) as Array<Record<HairAttributeName, unknown>>,
        notes: measures.map(measuresText),
      };
    },
  });
}

async function measureSpeed(): Promise<void> {
  const { astronaut } = await speedPhotos();
  console.log(
    `\nhair attributes, astronaut 640 x 640, 40 runs after 3: ${await timeTask('hairattributes', astronaut, 40)}`,
  );
}

if (what === 'tune' || what === 'report') await agreement(what);
if (what === 'speed') await measureSpeed();
