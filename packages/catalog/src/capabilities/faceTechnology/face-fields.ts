/**
 * Pieces shared by the face family's contracts: the face box, the 468-point landmark, the head
 * pose, an attribute with its confidence, and the parameters several face endpoints take.
 */
import { z } from 'zod';
import { obj, px, rectangle } from '../../contract/answer.ts';
import type { NoFields } from '../../contract/kinds.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { choice, maxFaces, maxFacesOptional } from '../../contract/params.ts';

export const faceRectangle = rectangle([
  '人脸框（像素）：468 点网格的外接框。',
  '人臉框（像素）：468 點網格的外接框。',
  'Face box in pixels: the box around the 468 mesh points.',
]);

export const detectionScore = described(z.number().min(0).max(1), [
  '检测得分，0 到 1：检测模型自身的输出，未经校准，不是概率。',
  '偵測得分，0 到 1：偵測模型自身的輸出，未經校準，不是機率。',
  "Detection score, 0 to 1: the detector's own output, not calibrated, so not a probability.",
]);

const point2 = z.tuple([z.number(), z.number()]);
const point3 = z.tuple([z.number(), z.number(), z.number()]);

export const mesh = described(z.array(point3), [
  '468 点三维人脸网格（MediaPipe 拓扑），[x, y, z]；z 为相对深度，越小越靠近镜头。',
  '468 點三維人臉網格（MediaPipe 拓撲），[x, y, z]；z 為相對深度，越小越靠近鏡頭。',
  '468-point 3D face mesh (MediaPipe topology), [x, y, z]; z is relative depth, smaller is nearer the camera.',
]);
const iris = (side: Doc) =>
  described(z.array(point2), [
    `${side[0]}虹膜：中心及上下左右边缘共 5 点 [x, y]。`,
    `${side[1]}虹膜：中心及上下左右邊緣共 5 點 [x, y]。`,
    `${side[2]} iris: its centre and four edge points, [x, y].`,
  ]);
export const irisLeft = iris(['被拍摄者左眼的', '被拍攝者左眼的', "The subject's left"]);
export const irisRight = iris(['被拍摄者右眼的', '被拍攝者右眼的', "The subject's right"]);

/** The mesh and both irises (the face family's `face_landmark` with `return_landmark`). */
export const faceLandmark = described(obj({ mesh, iris_left: irisLeft, iris_right: irisRight }), [
  '`return_landmark` 为 1 或 2 时返回：468 点网格与两眼虹膜点。',
  '`return_landmark` 為 1 或 2 時返回：468 點網格與兩眼虹膜點。',
  'With `return_landmark` 1 or 2: the 468-point mesh and both irises.',
]).optional();

export const points106 = described(z.array(point2).length(106), [
  '106 点（landmark_type 为 106 或 all 时）：轮廓 0-32、右眉 33-41、左眉 42-50、右眼 51-60、左眼 61-70（含眼中心与瞳孔）、鼻 71-85、外唇 86-97、内唇 98-105；左右指被拍摄者自身的左右。每点取自网格点或其均值，没有单独的模型。',
  '106 點（landmark_type 為 106 或 all 時）：輪廓 0-32、右眉 33-41、左眉 42-50、右眼 51-60、左眼 61-70（含眼中心與瞳孔）、鼻 71-85、外唇 86-97、內唇 98-105；左右指被拍攝者自身的左右。每點取自網格點或其平均，沒有單獨的模型。',
  "106 points (landmark_type 106 or all): contour 0-32, right brow 33-41, left brow 42-50, right eye 51-60, left eye 61-70 (with eye centre and pupil), nose 71-85, outer lips 86-97, inner lips 98-105; right and left are the subject's own. Each point is a mesh point or a mean of mesh points, not a model of its own.",
]);

/** Points of the largest face layout v2/facepoints answers (`points_118`). */
export const FACE_POINTS_MAX = 118;

export const points118 = described(z.array(point2).length(FACE_POINTS_MAX), [
  '118 点（landmark_type 为 118 或 all 时）：0-105 与 106 点完全相同；106-114 为额头上缘 9 点（从被拍摄者右太阳穴经发际线到左太阳穴，沿网格外缘等距取点，不含两端）；115 右脸颊中心、116 左脸颊中心、117 额头中心。每点取自网格点，没有单独的模型。',
  '118 點（landmark_type 為 118 或 all 時）：0-105 與 106 點完全相同；106-114 為額頭上緣 9 點（從被拍攝者右太陽穴經髮際線到左太陽穴，沿網格外緣等距取點，不含兩端）；115 右臉頰中心、116 左臉頰中心、117 額頭中心。每點取自網格點，沒有單獨的模型。',
  "118 points (landmark_type 118 or all): 0-105 are exactly the 106 points; 106-114 are 9 points along the top of the forehead (from the subject's right temple over the hairline to the left temple, evenly spaced along the mesh outline, its two ends left out); 115 right cheek centre, 116 left cheek centre, 117 forehead centre. Each point comes from the mesh, not a model of its own.",
]);

const angle = (text: Doc) => described(z.number(), text);
/** Head pose in degrees. */
export const headPose = obj({
  pitch_angle: angle([
    '俯仰角（度），低头为正。',
    '俯仰角（度），低頭為正。',
    'Pitch in degrees, positive when the head is bowed.',
  ]),
  yaw_angle: angle([
    '偏航角（度），脸转向图片右侧为正。',
    '偏航角（度），臉轉向圖片右側為正。',
    "Yaw in degrees, positive when the face turns towards the image's right.",
  ]),
  roll_angle: angle([
    '翻滚角（度），两颊连线向图片右下倾斜为正。',
    '翻滾角（度），兩頰連線向圖片右下傾斜為正。',
    "Roll in degrees, positive when the line between the cheeks slopes down towards the image's right.",
  ]),
});

export const headPoseField = described(headPose, [
  '头部姿态（度），由三维网格计算。',
  '頭部姿態（度），由三維網格計算。',
  'Head pose in degrees, from the 3D mesh.',
]);

/** The faces an answer lists, each with its box first and then `fields`. */
export const facesFound = <S extends z.ZodRawShape>(fields: S) =>
  described(z.array(obj({ face_rectangle: faceRectangle, ...fields })), [
    '检测到的人脸。',
    '偵測到的人臉。',
    'Faces found.',
  ]);

/** An attribute of a face: its value and a confidence (null where the method gives none). */
export const faceAttribute = <V extends z.ZodType, M extends z.ZodRawShape = NoFields>(
  value: V,
  text: Doc,
  more?: M,
) =>
  described(
    obj({
      value,
      confidence: z.number().min(0).max(1).nullable(),
      ...((more ?? {}) as M),
    }),
    text,
  );

/**
 * An attribute decided by a documented heuristic (a measure against a cut point), not a trained
 * model: `confidence` is null because nothing calibrates it; `score` (0.5 at the cut point, towards
 * 1 far from it) says how clear the cue was and is not a probability; `method` is "heuristic".
 */
export const heuristicAttribute = <V extends z.ZodType>(value: V, text: Doc, withScore = true) =>
  faceAttribute(
    value,
    [
      `${text[0]} 启发式方法：confidence 为 null${withScore ? '；score 为测量值离判定阈值的远近（阈值处 0.5，越远越接近 1），不是概率' : ''}。`,
      `${text[1]} 啟發式方法：confidence 為 null${withScore ? '；score 為測量值離判定閾值的遠近（閾值處 0.5，越遠越接近 1），不是機率' : ''}。`,
      `${text[2]} A heuristic: confidence is null${withScore ? '; score is how far the measure lies from its cut point (0.5 at it, towards 1 far from it), not a probability' : ''}.`,
    ],
    {
      method: z.literal('heuristic'),
      ...(withScore ? { score: z.number().min(0).max(1) } : {}),
    },
  );

/**
 * An attribute a trained model decides, where nothing here calibrates the model's output on labelled
 * photos: `confidence` is null; `score` is the model's own output for the answered value (0..1, for
 * a classifier its softmax or sigmoid value) and is not a probability; `method` is "model".
 */
export const modelAttribute = <V extends z.ZodType, M extends z.ZodRawShape = NoFields>(
  value: V,
  text: Doc,
  score: Doc,
  more?: M,
) =>
  faceAttribute(
    value,
    [
      `${text[0]} 模型输出：confidence 为 null（尚未在标注照片上校准）；score 为${score[0]}，是模型自身的输出，不是概率。`,
      `${text[1]} 模型輸出：confidence 為 null（尚未在標註照片上校準）；score 為${score[1]}，是模型自身的輸出，不是機率。`,
      `${text[2]} A model's output: confidence is null (not calibrated on labelled photos yet); score is ${score[2]}, the model's own output, not a probability.`,
    ],
    { method: z.literal('model'), score: z.number().min(0).max(1), ...((more ?? {}) as M) },
  );

export { px };

/**
 * `return_landmark`: 1 or 2 (as number, text or true) adds the mesh and irises; 0 or absent does not.
 * It adds points only: boxes and attributes are measured the same way whatever its value.
 */
export const returnLandmark = described(
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return false;
      if (v === true || v === 1 || v === 2 || v === '1' || v === '2' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      return v;
    },
    z.boolean({ error: 'must be 0, 1 or 2' }),
  ),
  [
    '0（默认）：不返回关键点。1：每张人脸另返回 face_landmark：468 点网格（mesh，[x, y, z]）与两眼虹膜各 5 点（iris_left、iris_right，中心在前），眼部轮廓经虹膜模型细化。2：与 1 相同（为按其他平台写的客户端保留）。取值只决定是否附带这些点，不改变人脸框及任何属性的值与置信度。',
    '0（預設）：不返回關鍵點。1：每張人臉另返回 face_landmark：468 點網格（mesh，[x, y, z]）與兩眼虹膜各 5 點（iris_left、iris_right，中心在前），眼部輪廓經虹膜模型細化。2：與 1 相同（為按其他平台寫的客戶端保留）。取值只決定是否附帶這些點，不改變人臉框及任何屬性的值與置信度。',
    "0 (default): no points. 1: each face also gets face_landmark: the 468-point mesh (mesh, [x, y, z]) and 5 points per iris (iris_left, iris_right, centre first), with the eye contours refined by the iris model. 2: the same as 1 (kept for clients written for other platforms). The value only decides whether these points are added: it never changes the face box or any attribute's value or confidence.",
  ],
  { type: 'integer', enum: [0, 1, 2], 'x-default': 0 },
);

export { maxFaces, maxFacesOptional, choice };

/** Errors of an endpoint that needs exactly one usable frontal face. */
export const ONE_FACE_ERRORS = [20003, 20004, 20021, 20022, 20023] as const;
