/**
 * A face's values are a function of the photo and of their own parameters only: asking for more
 * attributes, for landmarks or for another point layout never moves a box or another attribute's
 * value or confidence. Real engine, real photos.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, engineGateway, gatewayBody, skimagePhoto } from '../../../test/helpers.ts';
import { groupSamplePath } from '../../../../../packages/vision/test/fixtures.ts';
import { MACRO_ATTRIBUTES } from './face-bindings.ts';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The attributes of v2/macro_facial_analysis, each asked alone below. */
const ATTRIBUTES = MACRO_ATTRIBUTES;

describe('a face value does not depend on what else the request asks', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  const photos: Record<string, Buffer> = {};

  beforeAll(async () => {
    gateway = await engineGateway();
    // A frontal portrait, and a photo of several people at different angles (face-api sample 2).
    photos.astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg()
      .toBuffer();
    photos.group = await sharp(groupSamplePath(2)).jpeg().toBuffer();
  });
  afterAll(() => gateway?.close());

  async function ask(url: string, photo: Buffer, parameter: Json): Promise<Json> {
    const res = await gateway.post(url, photo, parameter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().media_info_list[0].media_extra as Json;
  }

  it.each(['astronaut', 'group'])(
    'v2/macro_facial_analysis on the %s: each attribute alone = all together = with every return_landmark',
    async (name) => {
      const photo = photos[name]!;
      const alone: Record<string, Json> = {};
      for (const attribute of ATTRIBUTES)
        alone[attribute] = await ask('v2/macro_facial_analysis', photo, { return_attributes: attribute });
      const boxes = alone.gender!.faces.map((f: Json) => f.face_rectangle);
      expect(boxes.length).toBeGreaterThanOrEqual(name === 'group' ? 3 : 1);

      const together: Array<{ return_attributes?: string; return_landmark?: number | string }> = [
        {},
        { return_attributes: ATTRIBUTES.join(',') },
        { return_attributes: ATTRIBUTES.join(','), return_landmark: 0 },
        { return_attributes: ATTRIBUTES.join(','), return_landmark: 1 },
        { return_attributes: ATTRIBUTES.join(','), return_landmark: 2 },
        // As public client code of this kind of platform asks.
        {
          return_attributes: 'gender,age,race,beauty,glasses,mustache,emotion,eyelid,poseestimation',
          return_landmark: 2,
        },
        { return_attributes: 'gender,age,beauty,glasses,emotion,race,beard,eyelid', return_landmark: '1' },
      ];
      for (const parameter of together) {
        const all = await ask('v2/macro_facial_analysis', photo, parameter);
        expect(
          all.faces.map((f: Json) => f.face_rectangle),
          JSON.stringify(parameter),
        ).toEqual(boxes);
        const asked = parameter.return_attributes?.replace('beard', 'mustache').split(',') ?? ATTRIBUTES;
        for (const attribute of asked) {
          const want = alone[attribute]!.faces.map((f: Json) => f.face_attributes[attribute]);
          expect(want.every(Boolean), attribute).toBe(true);
          const got = all.faces.map((f: Json) => f.face_attributes[attribute]);
          expect(got, `${attribute} with ${JSON.stringify(parameter)}`).toEqual(want);
        }
        expect(
          all.faces.every((f: Json) => Boolean(f.face_landmark)),
          JSON.stringify(parameter),
        ).toBe([1, 2, '1'].includes(parameter.return_landmark as never));
      }
    },
    240_000,
  );

  it('v1/micro_facial_analysis: return_landmark changes nothing but adding the points', async () => {
    const answers = [];
    for (const return_landmark of [0, 1, 2])
      answers.push(await ask('v1/micro_facial_analysis', photos.astronaut!, { return_landmark }));
    const [none, ...withPoints] = answers;
    for (const a of withPoints) {
      expect(a.faces[0].face_landmark.mesh).toHaveLength(468);
      const { face_landmark: _points, ...rest } = a.faces[0];
      expect(rest).toEqual(none!.faces[0]);
    }
  }, 120_000);

  it('v2/facepoints: landmark_type and return_landmark never move the face box or the mesh', async () => {
    for (const photo of [photos.astronaut!, photos.group!]) {
      const variants = [
        {},
        { landmark_type: '468' },
        { landmark_type: '106' },
        { landmark_type: 'all' },
        { return_landmark: '106' },
        { return_landmark: '2' },
      ];
      const answers = [];
      for (const parameter of variants) answers.push(await ask('v2/facepoints', photo, parameter));
      const boxes = answers[0]!.faces.map((f: Json) => f.face_rectangle);
      const mesh = answers[0]!.faces.map((f: Json) => f.face_landmark.mesh);
      const points106 = answers[3]!.faces.map((f: Json) => f.face_landmark.points_106);
      answers.forEach((a, i) => {
        expect(
          a.faces.map((f: Json) => f.face_rectangle),
          JSON.stringify(variants[i]),
        ).toEqual(boxes);
        a.faces.forEach((f: Json, j: number) => {
          if (f.face_landmark.mesh) expect(f.face_landmark.mesh).toEqual(mesh[j]);
          if (f.face_landmark.points_106) expect(f.face_landmark.points_106).toEqual(points106[j]);
        });
      });
    }
  }, 120_000);

  it('v1/face_compare: the similarity does not depend on the order of the two photos', async () => {
    // The astronaut and a mirrored, smaller copy of her: the same person, seen differently.
    const mirrored = await sharp(photos.astronaut!).flop().resize(400).jpeg().toBuffer();
    const body = (a: Buffer, b: Buffer) => {
      const payload = gatewayBody(a);
      payload.media_info_list.push({
        media_data: b.toString('base64'),
        media_profiles: { media_data_type: 'jpg' },
      });
      return payload;
    };
    const compare = async (a: Buffer, b: Buffer) => {
      const res = await gateway.app.inject({
        method: 'POST',
        url: `/v1/face_compare?${DEMO_KEY}`,
        payload: body(a, b),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().media_info_list[0].media_extra as Json;
    };
    const ab = await compare(photos.astronaut!, mirrored);
    const ba = await compare(mirrored, photos.astronaut!);
    expect(ab.similarity).toBeGreaterThan(ab.threshold);
    expect(ba.similarity).toBe(ab.similarity);
    expect(ba.is_same_person).toBe(ab.is_same_person);
    expect(ba.faces[0].face_rectangle).toEqual(ab.faces[1].face_rectangle);
    expect(ba.faces[1].face_rectangle).toEqual(ab.faces[0].face_rectangle);
  }, 120_000);
});
