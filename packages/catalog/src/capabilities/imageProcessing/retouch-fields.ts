/** Answer pieces shared by the face retouching capabilities (beautify, shape tuning, makeup). */
import { z } from 'zod';
import { obj } from '../../contract/answer.ts';
import { described } from '../../contract/doc.ts';
import { detectionScore, faceRectangle } from '../faceTechnology/face-fields.ts';

/** The faces a retouch changed, left to right. */
export const retouchedFaces = described(
  z.array(obj({ face_rectangle: faceRectangle, score: detectionScore })),
  ['处理的人脸，从左到右。', '處理的人臉，由左至右。', 'The faces retouched, left to right.'],
);
