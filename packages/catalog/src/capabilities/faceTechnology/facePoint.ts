import { z } from 'zod';
import { imageSize, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import {
  choice,
  detectionScore,
  faceRectangle,
  irisLeft,
  irisRight,
  maxFacesOptional,
  mesh,
  points106,
  points118,
} from './face-fields.ts';

export const facePoint = defineCapability({
  id: 86,
  key: 'facePoint',
  group: 'faceTechnology',
  slug: 'facepointdetect',
  kind: 'points',
  status: 2,
  doc: 49,
  name: ['人脸关键点', '人臉關鍵點', 'Face Key Points'],
  description: [
    '精准定位人脸轮廓与五官，返回 468 点三维网格与虹膜关键点，或 106 点、118 点关键点。',
    '精準定位人臉輪廓與五官，返回 468 點三維網格與虹膜關鍵點，或 106 點、118 點關鍵點。',
    'Locates the face outline and features precisely: a 468-point 3D mesh plus iris points, or 106 or 118 key points, for every face.',
  ],
  extension: { sampleFigure: ['/samples/astronaut.jpg'] },
  api: {
    endpoint: 'v2/facepoints',
    parameters: {
      max_face_num: maxFacesOptional(),
      nFront: maxFacesOptional([
        'max_face_num 的旧名，只在未给 max_face_num 时使用。',
        'max_face_num 的舊名，只在未給 max_face_num 時使用。',
        'Former name of max_face_num, used only when max_face_num is not given.',
      ]),
      landmark_type: choice(['468', '106', '118', 'all'], {}, [
        '返回哪种关键点：468（默认，三维网格与虹膜点）、106 或 118（由网格导出的 106 点或 118 点）或 all（全部返回）。',
        '返回哪種關鍵點：468（預設，三維網格與虹膜點）、106 或 118（由網格導出的 106 點或 118 點）或 all（全部返回）。',
        'Which points to return: 468 (default: the 3D mesh and iris points), 106 or 118 (the 106- or 118-point layout derived from the mesh) or all (every one of them).',
      ]),
      return_landmark: choice(['0', '1', '2', '106'], { switchLike: true }, [
        '106：同 landmark_type 为 106（landmark_type 优先）；其他值不改变结果（网格总会返回）。',
        '106：同 landmark_type 為 106（landmark_type 優先）；其他值不改變結果（網格總會返回）。',
        '106: as landmark_type 106 (landmark_type wins); other values change nothing (the mesh is always returned).',
      ]),
    },
    answer: {
      kind: 'points',
      answer: obj({
        ...imageSize,
        faces: described(
          z.array(
            obj({
              face_rectangle: faceRectangle,
              score: detectionScore,
              face_landmark: described(
                obj({
                  mesh: mesh.optional(),
                  iris_left: irisLeft.optional(),
                  iris_right: irisRight.optional(),
                  points_106: points106.optional(),
                  points_118: points118.optional(),
                }),
                [
                  '关键点：landmark_type 为 468 或 all 时有 mesh、iris_left、iris_right，为 106 或 all 时有 points_106，为 118 或 all 时有 points_118。',
                  '關鍵點：landmark_type 為 468 或 all 時有 mesh、iris_left、iris_right，為 106 或 all 時有 points_106，為 118 或 all 時有 points_118。',
                  'The points: mesh, iris_left and iris_right with landmark_type 468 or all; points_106 with 106 or all; points_118 with 118 or all.',
                ],
              ),
            }),
          ),
          ['检测到的人脸，从左到右排列。', '偵測到的人臉，由左至右排列。', 'Faces found, left to right.'],
        ),
      }),
    },
    errors: [20003],
  },
});
