import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALBUM_NAMES, SCENE_NAMES } from '@pixora/catalog';
import { ALBUM_LABELS, SCENES } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (file: string) => fs.readFileSync(path.join(here, '../../../../web/public/samples', file));

describe('scene and album labels: the contract names what the engine answers', () => {
  it('v2/album names every scene of the engine, and only those', () => {
    expect(Object.keys(SCENE_NAMES).sort()).toEqual([...SCENES].sort());
  });
  it('v1/Album names every label of the engine (the 80 COCO classes, face, food, animal, text, places), and only those', () => {
    expect(Object.keys(ALBUM_NAMES).sort()).toEqual([...ALBUM_LABELS].sort());
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v2/album and v1/Album through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let chelsea: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg({ quality: 92 })
      .toBuffer();
    chelsea = await sharp(await skimagePhoto('chelsea'))
      .jpeg({ quality: 92 })
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const labelsOf = async (endpoint: string, image: Buffer) => {
    const res = await gateway.post(endpoint, image);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(Object.keys(extra)).toEqual(['labels']);
    return extra.labels as { label: string; score: number }[];
  };

  it('v2/album: the astronaut portrait has portrait first among five scenes', async () => {
    const labels = await labelsOf('v2/album', astronaut);
    expect(labels).toHaveLength(5);
    expect(labels[0]!.label).toBe('portrait');
  });

  it('v2/album: the street sample (houses under the sky) has building, city street and sky in its top 5', async () => {
    const top = (await labelsOf('v2/album', sample('street.jpg'))).map((l) => l.label);
    expect(top).toEqual(expect.arrayContaining(['building', 'city_street', 'sky']));
  });

  it('v1/Album: the cat photo is labelled cat and animal, not dog', async () => {
    const labels = (await labelsOf('v1/Album', chelsea)).map((l) => l.label);
    expect(labels).toEqual(expect.arrayContaining(['cat', 'animal']));
    expect(labels).not.toContain('dog');
  });

  it('v1/Album: the coffee sample is labelled cup', async () => {
    const labels = (await labelsOf('v1/Album', sample('coffee.jpg'))).map((l) => l.label);
    expect(labels).toContain('cup');
  });

  it('a plain grey picture still gets five scenes; a file that is not a picture answers 20009', async () => {
    const grey = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(await labelsOf('v2/album', grey)).toHaveLength(5);
    const res = await gateway.post('v1/Album', Buffer.from('just some text, not a picture at all'));
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 20009]);
  });
});
