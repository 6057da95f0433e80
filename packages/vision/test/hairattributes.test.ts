import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import { MAX_FACES as SKIN_HAIR_MAX_FACES } from '../src/algorithms/body/skin-hair.ts';
import { MAX_FACES, type HairAttributesResult } from '../src/algorithms/face/hair-attributes-params.ts';
import { hairColourName } from '../src/algorithms/face/hair-attributes.ts';
import { astronautPath, coffeePath, groupSamplePath, photoPath, read } from './fixtures.ts';

const run = (image: Buffer, params: Record<string, unknown> = {}) =>
  runTaskInProcess<HairAttributesResult>('hairattributes', { image, params });

beforeAll(async () => {
  await getInProcessEngine();
});

// What the photos show is in test/fixtures/hair-labels.json (labelled by eye).
describe('hairattributes', () => {
  it('measures as many faces as the colour models are learnt from', () => {
    expect(MAX_FACES).toBe(SKIN_HAIR_MAX_FACES);
  });

  it("reads the astronaut's unbound hair over her one face", async () => {
    const r = await run(read(astronautPath()));
    expect([r.image_width, r.image_height, r.face_num]).toEqual([512, 512, 1]);
    const face = r.faces[0]!;
    const box = face.face_rectangle;
    // Her nose is at (224, 127).
    expect(box.left).toBeLessThan(224);
    expect(box.left + box.width).toBeGreaterThan(224);
    expect(box.top).toBeLessThan(127);
    expect(box.top + box.height).toBeGreaterThan(127);
    // Her short hair reads long: the length probe reads women's faces as longer-haired than they
    // are (docs/quality.md, "Length by probes on FaceRes").
    expect(['brown', 'blonde']).toContain(face.attributes.colour.value);
    for (const a of ['ponytail', 'bun', 'shaved', 'bald'] as const)
      expect(face.attributes[a].value, a).toBe('no');
  });

  it('reads the long hair of the women of sample 6, left to right, and the black hair of the first', async () => {
    const r = await run(read(groupSamplePath(6)));
    expect(r.face_num).toBe(4);
    const lefts = r.faces.map((f) => f.face_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    // The first one's long waves read medium.
    expect(['medium', 'long']).toContain(r.faces[0]!.attributes.length.value);
    expect(r.faces[1]!.attributes.length.value).toBe('long');
    expect(r.faces[2]!.attributes.length.value).toBe('long');
    expect(['medium', 'long']).toContain(r.faces[3]!.attributes.length.value);
    expect(r.faces[0]!.attributes.colour.value).toBe('black');
    for (const f of r.faces) {
      expect(f.attributes.bald.value).toBe('no');
      expect(f.attributes.bangs.value).toBe('no');
    }
  });

  it('sees the ponytail of the left woman of sample 1, and not on the loose hair beside her', async () => {
    const r = await run(read(groupSamplePath(1)), { maxFaceNum: 3 });
    expect(r.face_num).toBe(3);
    expect(r.faces[0]!.attributes.ponytail.value).toBe('yes');
    expect(r.faces[1]!.attributes.ponytail.value).toBe('no');
    expect(r.faces[1]!.attributes.length.value).toBe('long');
  });

  it('keeps at most maxFaceNum faces and answers an empty list without a face', async () => {
    expect((await run(read(groupSamplePath(6)), { maxFaceNum: 2 })).face_num).toBe(2);
    expect(await run(read(coffeePath()))).toMatchObject({ face_num: 0, faces: [] });
    await expect(run(read(astronautPath()), { maxFaceNum: 11 })).rejects.toThrow(/maxFaceNum/);
  });

  // Independent portraits (test/fixtures/hair-portraits-labels.json, labelled by eye): grey and
  // white heads under warm portrait light read blonde before the grey rule measured chroma against
  // lightness (h141 on the tuning half, h128 on the report half).
  it('reads white and grey heads as grey, a blonde as blonde, on independent portraits', async () => {
    const answer = async (file: string) => {
      const r = await run(read(await photoPath(file)));
      expect(r.face_num, file).toBe(1);
      return r.faces[0]!.attributes;
    };
    for (const file of ['fixture:photos/congress/H000874.jpg', 'fixture:photos/congress/R000305.jpg'])
      expect((await answer(file)).colour.value, file).toBe('grey');
    // Length by the probes (report half): a woman's short grey hair, two women's long hair.
    expect((await answer('fixture:photos/congress/R000305.jpg')).length.value).toBe('short');
    for (const file of ['fixture:photos/18f/kruti-a.jpg', 'fixture:photos/18f/jamie-a.jpg'])
      expect((await answer(file)).length.value, file).toBe('long');
    const blonde = await answer('fixture:photos/18f/alla-a.jpg');
    expect(blonde.colour.value).toBe('blonde');
    expect(blonde.length.value).toBe('long');
    const short = await answer('fixture:photos/18f/blacktm-a.jpg');
    expect(short.length.value).toBe('short');
    expect(short.colour.value).toBe('brown');
  });

  // Report-half FairFace crops of test/fixtures/hair-top-labels.json (labelled by eye; the probes
  // were fitted on the other half): the measurement rules found none of these fringes, bald tops or
  // receding hairlines.
  describe('bangs, hairline and bald by the probes on FaceRes', () => {
    const middle = async (id: string) => {
      const r = await run(read(await photoPath(`fixture:photos/fairface/${id}.jpg`)));
      const face = r.faces.find(({ face_rectangle: b }) => Math.abs(b.left + b.width / 2 - 128) < 48);
      expect(face, id).toBeDefined();
      return face!.attributes;
    };

    it("sees the fringes of three women and a teenage boy's", async () => {
      for (const id of ['0022', '0100', '0126', '0062']) {
        const a = await middle(id);
        expect(a.bangs.value, id).toBe('yes');
        expect(a.hairline.value, id).toBeNull();
        expect(a.bald.value, id).toBe('no');
      }
    });

    it('sees three bald tops, and two receding hairlines with hair on top', async () => {
      for (const id of ['0130', '0316', '0330']) {
        const a = await middle(id);
        expect(a.bald.value, id).toBe('yes');
        expect(a.hairline.value, id).toBe('high');
        expect(a.bangs.value, id).toBe('no');
      }
      for (const id of ['0462', '0538']) {
        const a = await middle(id);
        expect(a.hairline.value, id).toBe('high');
        expect(a.bald.value, id).toBe('no');
      }
    });

    it('answers none of these on three middle-aged men with a full head of hair', async () => {
      for (const id of ['0018', '0020', '0106']) {
        const a = await middle(id);
        expect([a.bangs.value, a.hairline.value, a.bald.value], id).toEqual(['no', 'normal', 'no']);
        expect(a.bald.score!, id).toBeGreaterThan(0.5);
      }
    });
  });

  it('names hair colours from CIELAB by its rules', () => {
    expect(hairColourName(8, 0, 1)).toBe('black');
    expect(hairColourName(30, 8, 15)).toBe('brown');
    expect(hairColourName(60, 5, 30)).toBe('blonde');
    expect(hairColourName(40, 30, 25)).toBe('red');
    expect(hairColourName(70, 1, 3)).toBe('grey');
    // Grey by chroma against lightness: white hair under warm light, not a blonde's chroma.
    expect(hairColourName(86, 5, 6.5)).toBe('grey');
    expect(hairColourName(61, 6, 20)).toBe('blonde');
    expect(hairColourName(40, 30, -30)).toBe('dyed');
  });
});
