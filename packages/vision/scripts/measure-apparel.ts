/**
 * Agreement of the apparel task (v1/apperal) with the hand labels of
 * test/fixtures/apparel-labels.json (docs/quality.md, "Apparel"), and its speed:
 *
 *   node --import tsx packages/vision/scripts/measure-apparel.ts [tune|report|speed] [--white-balance p]
 *
 * --white-balance p: name garment colours after a shades-of-grey white balance of norm p (not served;
 *   docs/quality.md gives what it changed).
 * tune / report: for the photos of that set, each labelled person is matched to the answered
 *   person whose box (grown by a tenth each way) holds the labelled nose and whose centre is
 *   nearest it across; per attribute, how many answers agree with the label, and each person's
 *   answers beside the labels (label-agreement.ts).
 * speed: wall time of the engine on the 640 px astronaut (one core: prefix `taskset -c 0`).
 */
import sharp from 'sharp';
import { benchmarkEngine, runTaskInProcess } from '../src/index.ts';
import type { ApparelResult } from '../src/algorithms/body/apparel-params.ts';
import { apparelMethod } from '../src/algorithms/body/apparel.ts';
import { printAgreement, readLabels } from './label-agreement.ts';
import { speedPhotos } from './task-timing.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'report';
const balance = process.argv.indexOf('--white-balance');
if (balance > 0) apparelMethod.whiteBalanceP = Number(process.argv[balance + 1]);

const ATTRIBUTES = ['upper_color', 'lower_color', 'sleeve', 'pattern', 'clothing_type'] as const;

const agreement = (set: 'tune' | 'report') =>
  printAgreement({
    title: 'apparel',
    labels: readLabels<(typeof ATTRIBUTES)[number]>('apparel'),
    attributes: ATTRIBUTES,
    set,
    grow: 0.1,
    across: true,
    answer: async (image) => {
      const result = await runTaskInProcess<ApparelResult>('apparel', { image });
      return {
        boxes: result.persons.map((p) => p.person_rectangle),
        values: result.persons.map((p) =>
          Object.fromEntries(ATTRIBUTES.map((a) => [a, p.attributes[a].value])),
        ) as Array<Record<(typeof ATTRIBUTES)[number], unknown>>,
      };
    },
  });

async function measureSpeed(): Promise<void> {
  const { astronaut } = await speedPhotos();
  const r = await benchmarkEngine({ image: astronaut, runs: 40, task: 'apparel' });
  console.log(
    `\napparel, astronaut 640 x 640, engine in this thread, 40 runs after 1: wall p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)}, min ${r.min.toFixed(1)}`,
  );
}

if (what === 'tune' || what === 'report') await agreement(what);
if (what === 'speed') await measureSpeed();
