/**
 * Child fusion (v1/facefusechild): a child's face from two parents' photos. No model of its own
 * (faces and meshes from the facepoints pipeline); the fusion of facefuse.ts, then the face
 * retouch warps of retouch.ts:
 *
 *  1. A child has neither beard nor glasses: each parent's photo is cleaned first (child-skin.ts:
 *     the beard zone's hair and, where the glasses detector finds them, the frames are filled
 *     with that parent's own skin by normalised convolution).
 *  2. The child is drawn on the photo of the parent with the larger share (`weight`; the first
 *     on a tie): the other parent's mesh is aligned onto it (similarity), and the face takes the
 *     shape between the two by the other's share (the outline a third as far, as in facefuse:
 *     moving it fully made one report-set child closer to a stranger than to the parent it is
 *     drawn on, face compare). Both faces are warped to that shape over the mesh's triangles and
 *     mixed by their shares, without moving the other's colour to the base's: the skin is the
 *     blend of both parents'. The face is joined by multi-band blending.
 *  3. Child proportions by retouch.ts's warps (the same as v1/beauty_shape's): larger eyes, a
 *     higher forehead, a narrower nose, a shorter chin and a narrower jaw, then smoother skin.
 *     The directions are those facial-growth studies describe: the nose, the lower face and the
 *     jaw grow most after childhood, the eyes and the upper face least (Enlow & Hans, "Essentials
 *     of Facial Growth", 1996), the "baby schema" of Lorenz (1943) as parametrised by Glocker et
 *     al. (Ethology 115, 2009: eye size, forehead height, nose and mouth width). The amounts
 *     (CHILD_SHAPE) are this project's choices in those directions, not measured norms; each is
 *     stated below in face widths through RETOUCH_RULES.
 */
import type { Algorithm } from '../types.ts';
import { decodeImage } from '../../image/decode.ts';
import { loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { retouchFace, type RetouchSettings } from './retouch.ts';
import { encodeJpeg } from './retouch-faces.ts';
import { largestFace } from './fusion.ts';
import { faceOf, FUSION_JPEG_QUALITY, fuseInto, shapeTowards } from './facefuse.ts';
import { cleanChildSkin } from './child-skin.ts';
import type { DecodedImage } from '../../image/decode.ts';
import { parseChildParams, type ChildGender, type ChildParams, type ChildResult } from './facefuse-params.ts';

/**
 * The child proportions as retouch.ts strengths (RETOUCH_RULES gives the lengths):
 *  - eye 75 / 85: the eye centre magnified 1.20 / 1.23 times (eyeScale 0.22);
 *  - forehead 60: the top of the face raised 0.048 face widths (foreheadShift 0.08);
 *  - nose 65: each nose wing moved in 0.023 face widths (noseShift 0.035), about 18 % of the
 *    nose's width;
 *  - chin -75: the chin raised 0.06 face widths (chinShift 0.08), about a seventh of the lower
 *    face's height;
 *  - slim 55 / 65: the jaw moved in 0.033 / 0.039 face widths each side (slimShift 0.06);
 *  - smooth 60: children's smoother skin (the guided filter of v1/beauty).
 * A girl gets slightly larger eyes and a narrower jaw than a boy.
 */
export const CHILD_SHAPE: Record<ChildGender, RetouchSettings> = {
  boy: { eye: 75, forehead: 60, nose: 65, chin: -75, slim: 55, smooth: 60, whiten: 0 },
  girl: { eye: 85, forehead: 60, nose: 65, chin: -75, slim: 65, smooth: 60, whiten: 0 },
};

/** A decoded image's copy the cleaning and the fusion may change. */
const copyOf = (image: DecodedImage): DecodedImage => ({ ...image, data: Buffer.from(image.data) });

export const facefusechild: Algorithm<ChildParams, ChildResult, MeshFaceModels> = {
  task: 'facefusechild',
  decode: {},
  parseParams: parseChildParams,
  loadModels: loadMeshFaceModels,
  warmup: async () => {},
  async run(first, p, models) {
    const b = p.secondImage;
    const second = await decodeImage(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    const [a, c] = [await largestFace(first, models), await largestFace(second, models)];
    const firstShare = p.weight / 100;
    const baseIsFirst = firstShare >= 0.5;
    const [base, baseFace, other, otherFace] = baseIsFirst ? [first, a, second, c] : [second, c, first, a];
    const out = copyOf(base);
    if (baseFace && otherFace) {
      const otherShare = baseIsFirst ? 1 - firstShare : firstShare;
      // A child has neither beard nor glasses: both parents' faces are cleaned first.
      const clean = copyOf(other);
      cleanChildSkin(out, baseFace.mesh);
      cleanChildSkin(clean, otherFace.mesh);
      const shape = shapeTowards(baseFace.mesh, otherFace.mesh, otherShare);
      // The mouth's opening is left a hole of the warp, showing the base parent's own mouth there:
      // warping both parents' openings (as facefuse does) mixed an open and a closed mouth into a
      // ghost of teeth, and giving the child the base's opening instead made one report-set child
      // closer to a stranger than to the other parent (face compare; docs/quality.md).
      fuseInto(out, baseFace.mesh, clean, otherFace.mesh, otherShare, {
        shape,
        colour: 0,
        warpMouthOpening: false,
      });
      await retouchFace(out, shape, CHILD_SHAPE[p.gender]);
    }
    const bytes = await encodeJpeg(out, FUSION_JPEG_QUALITY);
    return {
      answer: {
        image_width: out.width,
        image_height: out.height,
        face_num: a ? 1 : 0,
        second_face_num: c ? 1 : 0,
        gender: p.gender,
        weight: p.weight,
        base: baseIsFirst ? 'first' : 'second',
        first_face: faceOf(a),
        second_face: faceOf(c),
      },
      images: { media_data: { bytes: new Uint8Array(bytes), format: 'jpg' as const } },
    };
  },
};
