import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError, type BeardResult } from '../src/index.ts';
import { BEARD_STYLES } from '../src/algorithms/face/beard-params.ts';
import { astronautPath, chelseaPath, groupSamplePath, read } from './fixtures.ts';
import { grey, type Grey } from './retouch-measures.ts';
import { FACE_OVAL, fillPolygon } from '../src/algorithms/face/retouch.ts';
import { cropOf, REPORT_CROPS } from './fusion-photos.ts';

/** v1/beard's task on real photos: the beard lands below the nose, in the lower face, darker than the skin. */

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<BeardResult>('beard', { image, params });
const jpeg = (r: BeardResult) => Buffer.from(r.images.media_data.bytes);

type P = [number, number];
interface Marked {
  photo: string;
  pose: string;
  rightEye: P | null;
  leftEye: P | null;
  noseTip: P;
}
const marked = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/sticker-anchors.json'), 'utf8')) as {
    faces: Marked[];
  }
).faces;

/** Pixels whose grey level moved by more than `by`, as [x, y, change]. */
function changed(before: Grey, after: Grey, by = 20): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i < before.data.length; i++) {
    const d = after.data[i]! - before.data[i]!;
    if (Math.abs(d) > by) out.push([i % before.width, Math.floor(i / before.width), d]);
  }
  return out;
}

/**
 * The face-api crop s4_second (head rolled about 30 degrees and turned), its face mesh, and the
 * mouth's own frame there: (along the corners 61 -> 291 in mouth lengths, up along its normal
 * towards the nose in pixels) of an image point.
 */
async function s4Second() {
  const photo = await cropOf(REPORT_CROPS.s4_second!);
  const points = await runTaskInProcess<{ faces: Array<{ mesh: Array<[number, number, number]> }> }>(
    'facepoints',
    { image: photo },
  );
  const mesh = points.faces[0]!.mesh;
  const [a, b] = [mesh[61]!, mesh[291]!];
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ex = [(b[0] - a[0]) / len, (b[1] - a[1]) / len] as const;
  const up = [ex[1], -ex[0]] as const;
  const frame = (x: number, y: number) => {
    const [dx, dy] = [x - a[0], y - a[1]];
    return [(dx * ex[0] + dy * ex[1]) / len, dx * up[0] + dy * up[1]] as const;
  };
  return { photo, mesh, frame };
}

describe('beard', () => {
  it('draws a dark full beard below each hand-marked nose of face-api sample 3, in the lower face only', async () => {
    const photo = read(groupSamplePath(3));
    const result = await run(photo, { style: 'full', color: 'black' });
    expect(result.answer.face_num).toBe(3);
    const moved = changed(await grey(photo), await grey(jpeg(result)));
    const faces = marked.filter((f) => f.photo === 'sample3.jpg');
    const perFace = faces.map(() => ({ count: 0, darker: 0 }));
    for (const [x, y, d] of moved) {
      // The face whose hand-marked nose tip is nearest.
      let k = 0;
      let best = Infinity;
      faces.forEach((f, j) => {
        const dist = Math.hypot(x - f.noseTip[0], y - f.noseTip[1]);
        if (dist < best) [best, k] = [dist, j];
      });
      const f = faces[k]!;
      const [r, l] = [f.rightEye!, f.leftEye!];
      const iod = Math.hypot(l[0] - r[0], l[1] - r[1]);
      // Down the face: perpendicular to the marked eye line, towards the chin.
      const ex = (l[0] - r[0]) / iod;
      const ey = (l[1] - r[1]) / iod;
      const below = (x + 0.5 - f.noseTip[0]) * -ey + (y + 0.5 - f.noseTip[1]) * ex;
      // Below the nose tip and within the lower face (2.2 eye distances of the nose tip).
      expect(below, `pixel (${x}, ${y}) of face ${k}`).toBeGreaterThan(0);
      expect(best, `pixel (${x}, ${y}) of face ${k}`).toBeLessThan(2.2 * iod);
      perFace[k]!.count++;
      if (d < 0) perFace[k]!.darker++;
    }
    for (const face of perFace) {
      expect(face.count).toBeGreaterThan(2000);
      expect(face.darker / face.count).toBeGreaterThan(0.9);
    }
  });

  it('draws each style where it belongs: a moustache above the mouth, a goatee reaching below it', async () => {
    const photo = read(astronautPath());
    const before = await grey(photo);
    const points = await runTaskInProcess<{ faces: Array<{ mesh: Array<[number, number, number]> }> }>(
      'facepoints',
      { image: photo },
    );
    const mesh = points.faces[0]!.mesh;
    const mouthY = (mesh[13]![1] + mesh[14]![1]) / 2;
    const chinY = mesh[152]![1];
    const noseY = mesh[1]![1];
    const rows = async (style: string) => {
      const moved = changed(before, await grey(jpeg(await run(photo, { style }))));
      // Pixel centres.
      return moved.map(([, y]) => y + 0.5);
    };
    const moustache = await rows('moustache');
    expect(moustache.length).toBeGreaterThan(100);
    expect(moustache.every((y) => y > noseY && y < mouthY)).toBe(true);
    const goatee = await rows('goatee');
    expect(goatee.filter((y) => y > mouthY + 0.5 * (chinY - mouthY)).length).toBeGreaterThan(200);
    expect(goatee.every((y) => y > noseY)).toBe(true);
  });

  it('keeps the moustache of the rolled, turned s4_second along her upper lip, between the corners', async () => {
    // The face-api crop s4_second: head rolled about 30 degrees and turned; the mesh's nose wings
    // lie off her nose there, and a moustache built from them ran up the cheek and, at its other
    // end, down past the mouth corner.
    const { photo, mesh, frame } = await s4Second();
    // The height of the subnasale (mesh 2) above the mouth line.
    const nose = frame(mesh[2]![0], mesh[2]![1])[1];
    const moved = changed(await grey(photo), await grey(jpeg(await run(photo, { style: 'moustache' }))));
    expect(moved.length).toBeGreaterThan(300);
    let beyond = 0;
    let high = 0;
    for (const [x, y] of moved) {
      const [s, h] = frame(x + 0.5, y + 0.5);
      if (s < -0.05 || s > 1.05) beyond++;
      if (h > nose) high++;
    }
    // Built from the mesh's nose wings and cheek points (before): 6.1 % beyond the corners, 9.0 %
    // above the subnasale; in the mouth's frame: 0 % and 0.5 %.
    expect(beyond / moved.length).toBeLessThan(0.02);
    expect(high / moved.length).toBeLessThan(0.03);
  });

  it('keeps the full beard, stubble and handlebar of the rolled, turned s4_second inside her jaw, off her lips and low on her cheeks', async () => {
    // s4_second (head rolled about 30 degrees and turned): the mesh's mouth and jaw lie on her
    // face, its nose-wing and cheek points do not. Measured on the pixels each style changed
    // (grey level moved by more than 20):
    //  - beyond the jaw: farther outside the mesh's face oval than a full beard's volume (0.07
    //    face widths, a square neighbourhood);
    //  - on the lips: inside the outer lip line shrunk to 85 % about its centre;
    //  - up the cheek beside the nose: in the mouth's frame (corners 61 -> 291, normal towards the
    //    nose), higher than the subnasale (mesh 2) and within 0.4 mouth lengths outside a corner.
    const { photo, mesh, frame } = await s4Second();
    const before = await grey(photo);
    const { width: W, height: H } = before;
    const fw = Math.hypot(mesh[454]![0] - mesh[234]![0], mesh[454]![1] - mesh[234]![1]);
    const oval = new Float32Array(W * H);
    fillPolygon(
      oval,
      W,
      H,
      FACE_OVAL.map((i) => [mesh[i]![0], mesh[i]![1]] as [number, number]),
      1,
    );
    const reach = Math.ceil(0.07 * fw);
    const nearOval = (x: number, y: number) => {
      for (let yy = Math.max(0, y - reach); yy <= Math.min(H - 1, y + reach); yy++)
        for (let xx = Math.max(0, x - reach); xx <= Math.min(W - 1, x + reach); xx++)
          if (oval[yy * W + xx]) return true;
      return false;
    };
    const LIPS = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185];
    const cx = LIPS.reduce((s, i) => s + mesh[i]![0], 0) / LIPS.length;
    const cy = LIPS.reduce((s, i) => s + mesh[i]![1], 0) / LIPS.length;
    const lips = new Float32Array(W * H);
    fillPolygon(
      lips,
      W,
      H,
      LIPS.map((i) => [cx + 0.85 * (mesh[i]![0] - cx), cy + 0.85 * (mesh[i]![1] - cy)] as [number, number]),
      1,
    );
    const nose = frame(mesh[2]![0], mesh[2]![1])[1];
    const shares: Record<string, { beyond: number; onLips: number; upCheek: number }> = {};
    for (const style of ['full', 'stubble', 'handlebar']) {
      const moved = changed(before, await grey(jpeg(await run(photo, { style }))));
      expect(moved.length, style).toBeGreaterThan(300);
      let beyond = 0;
      let onLips = 0;
      let upCheek = 0;
      for (const [x, y] of moved) {
        if (!nearOval(x, y)) beyond++;
        if (lips[y * W + x]) onLips++;
        const [s, h] = frame(x + 0.5, y + 0.5);
        if (h > nose && ((s < 0 && s > -0.4) || (s > 1 && s < 1.4))) upCheek++;
      }
      shares[style] = {
        beyond: beyond / moved.length,
        onLips: onLips / moved.length,
        upCheek: upCheek / moved.length,
      };
    }
    // With the top edge through the mesh's cheek and nose-wing points (before), up the cheek:
    // full 0.45 %, stubble 0.51 % (a spike of beard beside her nose); with the cheek lines and
    // the moustache's top in the mouth's frame: 0.01 % and 0 %. Beyond the jaw: 0 % before and
    // after; on the lips: below 0.75 % before and after (the moustache hangs over the lip's edge).
    for (const [style, share] of Object.entries(shares)) {
      expect(share.beyond, style).toBeLessThan(0.002);
      expect(share.onLips, style).toBeLessThan(0.01);
      expect(share.upCheek, style).toBeLessThan(0.001);
    }
  });

  it('is deterministic, leaves a photo without a face as it was and answers each style and colour', async () => {
    const photo = read(astronautPath());
    const a = await run(photo, { style: 'handlebar', color: 'brown', density: 80 });
    const b = await run(photo, { style: 'handlebar', color: 'brown', density: 80 });
    expect(Buffer.compare(jpeg(a), jpeg(b))).toBe(0);
    expect(a.answer.beard).toEqual({ style: 'handlebar', color: 'brown', strength: 85, density: 80 });
    const hex = await run(photo, { style: 'stubble', color: 'grey', colorHex: '#AA3311' });
    expect(hex.answer.beard.color).toBe('#aa3311');
    const cat = await run(read(chelseaPath()));
    expect(cat.answer.face_num).toBe(0);
    expect(BEARD_STYLES.length).toBeGreaterThanOrEqual(6);
  });

  it('answers one face with maxFaceNum 1 and refuses bad parameters', async () => {
    const one = await run(read(groupSamplePath(3)), { maxFaceNum: 1 });
    expect(one.answer.face_num).toBe(1);
    await expect(run(read(astronautPath()), { style: 'mullet' })).rejects.toThrow(TaskParamsError);
    await expect(run(read(astronautPath()), { color: 'green' })).rejects.toThrow(TaskParamsError);
    await expect(run(read(astronautPath()), { density: 101 })).rejects.toThrow(TaskParamsError);
  });
});
