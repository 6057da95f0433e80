/**
 * Index tables of the MediaPipe 468-point face mesh used by the iris stage.
 * Source: MediaPipe face_mesh / tfjs-models face-landmarks-detection (Apache-2.0), as used by
 * @vladmandic/human (src/face/facemeshcoords.ts). "Left" and "right" are the subject's own sides
 * (MediaPipe's convention): the subject's right eye appears on the LEFT of a non-mirrored photo.
 */

export const MESH_POINTS = 468;

/** Eye contour indices of the mesh, per anatomical side. */
export const EYE_CONTOURS = {
  right: {
    EyeUpper0: [246, 161, 160, 159, 158, 157, 173],
    EyeLower0: [33, 7, 163, 144, 145, 153, 154, 155, 133],
    EyeUpper1: [247, 30, 29, 27, 28, 56, 190],
    EyeLower1: [130, 25, 110, 24, 23, 22, 26, 112, 243],
    EyeUpper2: [113, 225, 224, 223, 222, 221, 189],
    EyeLower2: [226, 31, 228, 229, 230, 231, 232, 233, 244],
    EyeLower3: [143, 111, 117, 118, 119, 120, 121, 128, 245],
    EyebrowUpper: [156, 70, 63, 105, 66, 107, 55, 193],
    EyebrowLower: [35, 124, 46, 53, 52, 65],
  },
  left: {
    EyeUpper0: [466, 388, 387, 386, 385, 384, 398],
    EyeLower0: [263, 249, 390, 373, 374, 380, 381, 382, 362],
    EyeUpper1: [467, 260, 259, 257, 258, 286, 414],
    EyeLower1: [359, 255, 339, 254, 253, 252, 256, 341, 463],
    EyeUpper2: [342, 445, 444, 443, 442, 441, 413],
    EyeLower2: [446, 261, 448, 449, 450, 451, 452, 453, 464],
    EyeLower3: [372, 340, 346, 347, 348, 349, 350, 357, 465],
    EyebrowUpper: [383, 300, 293, 334, 296, 336, 285, 417],
    EyebrowLower: [265, 353, 276, 283, 282, 295],
  },
} as const;

export type EyeContourKey = keyof (typeof EYE_CONTOURS)['left'];

/** For each mesh contour, the indices of the matching points among the iris model's 71 eye points. */
export const IRIS_MODEL_CONTOURS: ReadonlyArray<{ key: EyeContourKey; indices: readonly number[] }> = [
  { key: 'EyeUpper0', indices: [9, 10, 11, 12, 13, 14, 15] },
  { key: 'EyeUpper1', indices: [25, 26, 27, 28, 29, 30, 31] },
  { key: 'EyeUpper2', indices: [41, 42, 43, 44, 45, 46, 47] },
  { key: 'EyeLower0', indices: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
  { key: 'EyeLower1', indices: [16, 17, 18, 19, 20, 21, 22, 23, 24] },
  { key: 'EyeLower2', indices: [32, 33, 34, 35, 36, 37, 38, 39, 40] },
  { key: 'EyeLower3', indices: [54, 55, 56, 57, 58, 59, 60, 61, 62] },
  { key: 'EyebrowUpper', indices: [63, 64, 65, 66, 67, 68, 69, 70] },
  { key: 'EyebrowLower', indices: [48, 49, 50, 51, 52, 53] },
];

/** The iris model outputs 71 eye-region points followed by 5 iris points (centre first). */
export const IRIS_MODEL_EYE_POINTS = 71;
export const IRIS_MODEL_IRIS_POINTS = 5;

/** Eye corners used to place the iris crop: [outer, inner] for each side. */
export const EYE_CORNERS = {
  right: [33, 133],
  left: [263, 362],
} as const;
