import { count, imageSize, obj } from '../../contract/answer.ts';
import {
  detectionScore,
  faceLandmark,
  facesFound,
  headPoseField,
  maxFacesOptional,
  returnLandmark,
} from './face-fields.ts';

/**
 * The API of the two face detection endpoints, which differ only in the name of their face-count
 * parameter: `nFront` on v1/facedetect, `max_face_num` on v2/facedetect. Each also reads the
 * other's name when its own is not given.
 */
type FaceCount = ReturnType<typeof maxFacesOptional>;

export function faceDetectApi(endpoint: string, count_: 'nFront' | 'max_face_num') {
  const other = count_ === 'nFront' ? 'max_face_num' : 'nFront';
  return {
    endpoint,
    parameters: {
      [count_]: maxFacesOptional(),
      [other]: maxFacesOptional([
        `${count_} 的别名，只在未给 ${count_} 时使用。`,
        `${count_} 的別名，只在未給 ${count_} 時使用。`,
        `Alias of ${count_}, used only when ${count_} is not given.`,
      ]),
      return_landmark: returnLandmark,
    } as Record<'nFront' | 'max_face_num', FaceCount> & { return_landmark: typeof returnLandmark },
    answer: {
      kind: 'boxes' as const,
      answer: obj({
        ...imageSize,
        face_num: count(['人脸数量。', '人臉數量。', 'Number of faces.']),
        faces: facesFound({
          score: detectionScore,
          face_attributes: obj({ headpose: headPoseField }),
          face_landmark: faceLandmark,
        }),
      }),
      view: { kind: 'boxes' as const, list: 'faces', rectangle: 'face_rectangle' },
    },
    errors: [20003],
  };
}
