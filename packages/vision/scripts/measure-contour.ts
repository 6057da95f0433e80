/**
 * Quality and speed of bodycontour (v1/BodyContour) against the hand-drawn person outlines of
 * test/fixtures/body-references.json (docs/quality.md, "Body contour"):
 *
 *   node --import tsx packages/vision/scripts/measure-contour.ts [quality|speed|draw <dir>]
 *
 * (no argument: quality and speed; prefix `taskset -c 0` for speed to pin one core).
 *
 * quality: per photo with drawn outlines, people counted by eye / people answered, and the
 *   distance of every answered person's 63 points to the nearest drawn outline (any person's, as
 *   sample6's four women were drawn as one outline): mean, p50, p90 and max in pixels, and the mean
 *   and p90 as a share of the person's height (the vertical extent of the drawn outline nearest the
 *   person's points); the same for the points whose score is at least 0.3 (on an edge of the mask,
 *   not where two people touch or along the photo's border); and the other way round, how far the
 *   drawn outline (a sample every 2 px) lies from the nearest traced outline (full_contour), p50 and
 *   p90 px: whether the outlines cover the people drawn.
 * speed: wall time (p50, p95, min) and mean CPU time of the engine (decode included, libvips on one
 *   thread, 40 runs after 1) on the 640 px astronaut and face-api sample 1 at 640 x 427; the same
 *   for segment, whose mask bodycontour starts from, for comparison under the same load; and on the
 *   decoded astronaut, segment's mask and people alone against the whole task (the contour's part).
 * draw: each report photo with the answered points and outlines and the drawn outlines, as PNG in
 *   <dir>, for looking at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { benchmarkEngine, runTaskInProcess, summarize } from '../src/index.ts';
import { decodeImage } from '../src/image/decode.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { bodycontour } from '../src/algorithms/body/contour.ts';
import { personMaskAndPoses } from '../src/algorithms/body/segment.ts';
import { percentile } from '../src/bench.ts';
import { speedPhotos } from './task-timing.ts';
import type { BodyContourResult } from '../src/algorithms/body/contour-params.ts';
import { BODY_REFERENCES, outlineDistance, referencePhotoPath, type Point } from '../test/body-references.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'all';

/** Points every `step` px along the closed polygon's edges. */
function along(polygon: readonly Point[], step: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i]!;
    const [bx, by] = polygon[(i + 1) % polygon.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    for (let s = 0; s < length; s += step)
      out.push([ax + ((bx - ax) * s) / length, ay + ((by - ay) * s) / length]);
  }
  return out;
}

const f1 = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : '-');
const pc = (v: number): string => (Number.isFinite(v) ? `${(100 * v).toFixed(1)} %` : '-');

async function answer(key: string, fullContour: boolean): Promise<BodyContourResult> {
  const ref = BODY_REFERENCES[key]!;
  const image = readFileSync(await referencePhotoPath(ref));
  return runTaskInProcess<BodyContourResult>('bodycontour', { image, params: { fullContour } });
}

async function measureQuality(): Promise<void> {
  console.log(
    '\nbodycontour: distance of the 63 points to the drawn outlines (px; share of the person height)',
  );
  console.log(
    '| photo | size | people drawn / answered | points | mean | p50 | p90 | max | mean / height | p90 / height | points with score >= 0.3: n, p50, p90 | drawn outline to traced: p50, p90 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const all: number[] = [];
  const allShare: number[] = [];
  for (const [key, ref] of Object.entries(BODY_REFERENCES)) {
    const polygons = ref.polygons;
    if (!polygons) continue;
    const result = await answer(key, true);
    const heights = polygons.map((p) => Math.max(...p.map(([, y]) => y)) - Math.min(...p.map(([, y]) => y)));
    const distances: number[] = [];
    const shares: number[] = [];
    const edge: number[] = [];
    for (const person of result.persons) {
      const near = person.keypoints.map((k) => outlineDistance(k.x, k.y, polygons));
      // The person's height: the drawn outline most of their points are nearest.
      const votes = polygons.map((_, k) => near.filter((n) => n.polygon === k).length);
      const height = heights[votes.indexOf(Math.max(...votes))]!;
      near.forEach((n, i) => {
        distances.push(n.distance);
        shares.push(n.distance / height);
        if (person.keypoints[i]!.score >= 0.3) edge.push(n.distance);
      });
    }
    const traced = result.persons.map((p) => p.contour!.map(([x, y]) => [x, y] as Point));
    const back = polygons
      .flatMap((p) => along(p, 2))
      .map(([x, y]) => outlineDistance(x, y, traced).distance)
      .sort((a, b) => a - b);
    all.push(...distances);
    allShare.push(...shares);
    distances.sort((a, b) => a - b);
    shares.sort((a, b) => a - b);
    edge.sort((a, b) => a - b);
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    console.log(
      `| ${key} | ${ref.size[0]} x ${ref.size[1]} | ${ref.people} / ${result.person_num} | ${distances.length} | ` +
        `${f1(mean(distances))} | ${f1(percentile(distances, 50))} | ${f1(percentile(distances, 90))} | ` +
        `${f1(distances[distances.length - 1]!)} | ${pc(mean(shares))} | ${pc(percentile(shares, 90))} | ` +
        `${edge.length}, ${f1(percentile(edge, 50))}, ${f1(percentile(edge, 90))} | ` +
        `${f1(percentile(back, 50))}, ${f1(percentile(back, 90))} |`,
    );
  }
  all.sort((a, b) => a - b);
  allShare.sort((a, b) => a - b);
  console.log(
    `all ${all.length} points: p50 ${f1(percentile(all, 50))} px, p90 ${f1(percentile(all, 90))} px; ` +
      `p50 ${pc(percentile(allShare, 50))}, p90 ${pc(percentile(allShare, 90))} of the person height`,
  );
}

async function measureSpeed(): Promise<void> {
  const { astronaut, group } = await speedPhotos();
  console.log(
    '\nspeed, engine in this thread (decode included), libvips on one thread, 40 runs after 1; segment (its mask, plus two PNG encodes) for comparison',
  );
  for (const task of ['bodycontour', 'segment']) {
    for (const [label, image] of [
      ['astronaut 640 x 640', astronaut],
      ['face-api sample 1 at 640 x 427', group],
    ] as const) {
      const cpu = process.cpuUsage();
      const r = await benchmarkEngine({ image, runs: 40, task });
      const used = process.cpuUsage(cpu);
      console.log(
        `${task}, ${label}: wall p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)}, min ${r.min.toFixed(1)}; ` +
          `CPU mean ${((used.user + used.system) / 1000 / 41).toFixed(1)} ms`,
      );
    }
  }
  // The contour's own part: the mask (with bodypose) alone against the whole task, same image.
  await initTf();
  const models = await bodycontour.loadModels();
  const image = await decodeImage(astronaut, undefined, bodycontour.decode);
  const params = bodycontour.parseParams({});
  const mask: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < 21; i++) {
    let t = performance.now();
    await personMaskAndPoses(image, models);
    if (i > 0) mask.push(performance.now() - t);
    t = performance.now();
    await bodycontour.run(image, params, models);
    if (i > 0) whole.push(performance.now() - t);
  }
  console.log(
    `astronaut 640 x 640, decoded: segment's mask and people alone p50 ${summarize(mask).p50.toFixed(1)} ms, ` +
      `the whole task p50 ${summarize(whole).p50.toFixed(1)} ms (20 runs each, alternating)`,
  );
}

async function draw(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [key, ref] of Object.entries(BODY_REFERENCES)) {
    const result = await answer(key, true);
    const [w, h] = [result.image_width, result.image_height];
    const r = Math.max(2, w / 200);
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">`,
      ...(ref.polygons ?? []).map(
        (p) =>
          `<polygon points="${p.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="yellow" stroke-width="${r / 2}"/>`,
      ),
      ...result.persons.flatMap((person) => [
        `<polygon points="${person.contour!.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="cyan" stroke-width="${r / 3}"/>`,
        ...person.keypoints.map(
          (k, i) =>
            `<circle cx="${k.x}" cy="${k.y}" r="${i === 0 ? 2 * r : r}" fill="${k.score >= 0.3 ? 'red' : 'blue'}"/>`,
        ),
      ]),
      '</svg>',
    ].join('');
    await sharp(readFileSync(await referencePhotoPath(ref)))
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toFile(path.join(dir, `${key}.png`));
    console.log(`${key}: ${result.person_num} people -> ${path.join(dir, `${key}.png`)}`);
  }
}

if (what === 'draw') await draw(process.argv[3] ?? '/tmp/contour');
if (what === 'quality' || what === 'all') await measureQuality();
if (what === 'speed' || what === 'all') await measureSpeed();
