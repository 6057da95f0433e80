import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  ORNAMENTS_DEFAULTS,
  parseOrnamentsParams,
  type OrnamentsResult,
} from '../src/algorithms/body/ornaments-params.ts';
import { astronautPath, coffeePath, groupSamplePath, photoPath, read } from './fixtures.ts';

const ornaments = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<OrnamentsResult>('ornaments', { image, params });

/** The demo sample: opencv-doc's man in clear metal-framed glasses (example.jpg, left copy). */
const glassesMan = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/public/samples/glasses-man.jpg',
);

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const contains = (r: { left: number; top: number; width: number; height: number }, x: number, y: number) =>
  x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;

beforeAll(async () => {
  await getInProcessEngine();
});

describe('ornaments on real photos', () => {
  it('boxes the glasses of the man in glasses across both eyes', async () => {
    const r = await ornaments(read(glassesMan));
    const glasses = r.ornaments.filter((o) => o.label === 'glasses');
    expect(glasses).toHaveLength(1);
    const b = glasses[0]!.ornament_rectangle;
    // The lenses' centres, read off the photo: about (120, 290) and (275, 295); the frame is about
    // 80 px tall, from the brows to the cheekbones.
    expect(contains(b, 120, 290) && contains(b, 275, 295)).toBe(true);
    expect(b.width).toBeGreaterThan(2.5 * b.height);
    expect(b.height).toBeLessThan(130);
  });

  it('finds the stud earring of the left woman of sample 6 (labelled at 248, 672)', async () => {
    const r = await ornaments(read(groupSamplePath(6)));
    const earrings = r.ornaments.filter((o) => o.label === 'earring');
    expect(earrings.some((e) => contains(e.ornament_rectangle, 248, 672))).toBe(true);
    const lefts = r.ornaments.map((o) => o.ornament_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  });

  // Independent photos labelled per photo (test/fixtures/ornament-portraits-labels.json).
  it('finds the glasses and flat cap of a woman outdoors, the cap and sunglasses of a man, a fedora and a tie', async () => {
    const labels = async (file: string) =>
      new Set(
        (await ornaments(read(await photoPath(`fixture:photos/accessories/${file}`)))).ornaments.map(
          (o) => o.label,
        ),
      );
    const flatCap = await labels('ropensci-steffi-lazerte.jpg');
    expect(flatCap.has('glasses') && flatCap.has('hat')).toBe(true);
    const capAndSunglasses = await labels('usds-hhs-blue-button-cap.jpg');
    expect(capAndSunglasses.has('hat') && capAndSunglasses.has('sunglasses')).toBe(true);
    expect(capAndSunglasses.has('glasses')).toBe(false);
    expect(await labels('usds-jordan-kasper-hat.jpg')).toContain('hat');
    expect(await labels('ropensci-andrew-heiss.jpg')).toContain('tie');
  });

  it('finds a white beanie, a cap in a small photo and a green cap beside a bare head', async () => {
    const answer = async (file: string) => {
      const r = await ornaments(read(await photoPath(`fixture:photos/accessories/${file}`)));
      return { width: r.image_width, hats: r.ornaments.filter((o) => o.label === 'hat') };
    };
    expect((await answer('ropensci-sunny-tseng-1.jpg')).hats).toHaveLength(1);
    expect((await answer('ropensci-matt-jones.jpg')).hats).toHaveLength(1);
    // Two men: only the left one wears a cap.
    const { width, hats } = await answer('peacecorps-general-green-cap.jpg');
    expect(hats).toHaveLength(1);
    const b = hats[0]!.ornament_rectangle;
    expect(b.left + b.width / 2).toBeLessThan(width / 2);
  });

  // FairFace crops of hat-labels.json's report half (not fitted on): three labelled hat, three bare heads.
  it('boxes the hat above the face of FairFace crops with a hat, and says none on bare heads', async () => {
    const crop = (id: string) => read(path.join(fixturesDir, 'photos/fairface', `${id}.jpg`));
    for (const id of ['0064', '0218', '0406']) {
      const hats = (await ornaments(crop(id))).ornaments.filter((o) => o.label === 'hat');
      expect(hats, id).toHaveLength(1);
      // The crown is in the crop's upper half (the face is centred).
      const b = hats[0]!.ornament_rectangle;
      expect(b.top + b.height / 2, id).toBeLessThan(128);
      expect(contains(b, 128, b.top + b.height / 2), id).toBe(true);
    }
    for (const id of ['0488', '0496', '0536'])
      expect(
        (await ornaments(crop(id))).ornaments.map((o) => o.label),
        id,
      ).not.toContain('hat');
  });

  it('finds no accessory on the astronaut nor on the coffee cup', async () => {
    expect(await ornaments(read(astronautPath()))).toMatchObject({ ornament_num: 0, ornaments: [] });
    expect(await ornaments(read(coffeePath()))).toMatchObject({ ornament_num: 0, ornaments: [] });
  });
});

describe('ornaments parameters', () => {
  it('has defaults and refuses out-of-range values', () => {
    expect(parseOrnamentsParams({})).toEqual(ORNAMENTS_DEFAULTS);
    expect(() => parseOrnamentsParams({ minScore: 2 })).toThrow(TaskParamsError);
    expect(() => parseOrnamentsParams({ maxOrnamentNum: 0 })).toThrow(TaskParamsError);
  });
});
