/**
 * Face sets and face search, the further endpoints of faceRecognition (133): an app's (or a
 * website visitor's) named sets of faces, and the search of a set for the face of a photo.
 */
import { z } from 'zod';
import { imageSize, obj } from '../../contract/answer.ts';
import { defineEndpoint } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { integer } from '../../contract/params.ts';
import { FACE_SET_NAME_MAX } from '../../limits.ts';
import { faceRectangle, ONE_FACE_ERRORS } from './face-fields.ts';

/** Same-person decision and threshold, as v1/face_compare answers them. */
export const sameness = described(z.union([z.literal(0), z.literal(1)]), [
  '相似度不低于阈值时为 1。',
  '相似度不低於閾值時為 1。',
  '1 when the similarity reaches the threshold.',
]);
export const threshold = described(z.number(), [
  '同一人阈值（0 到 100 的相似度）。在独立的评测照片上测得：阈值 60 时，约 28% 的同一人照片对低于阈值，约 1% 的不同人照片对达到阈值（见质量文档）。',
  '同一人閾值（0 到 100 的相似度）。在獨立的評測照片上測得：閾值 60 時，約 28% 的同一人照片對低於閾值，約 1% 的不同人照片對達到閾值（見品質文件）。',
  'The same-person threshold on the 0-100 similarity. Measured on independent photos: at 60, about 28 % of same-person photo pairs fall below it and about 1 % of pairs of different people reach it (see the quality notes).',
]);

const token = (text: Doc) => described(z.string({ error: 'must be a string' }), text);
const setToken = token([
  '人脸库的标识（由 v1/faceset/create 返回）。',
  '人臉庫的識別碼（由 v1/faceset/create 返回）。',
  'The face set’s token (from v1/faceset/create).',
]);
const name = (text: Doc) =>
  described(
    z
      .string({ error: 'must be a string' })
      .max(FACE_SET_NAME_MAX, { error: `at most ${FACE_SET_NAME_MAX} characters` })
      .optional(),
    text,
  );

export const faceSetSummary = obj({
  faceset_token: setToken,
  faceset_name: described(z.string(), ['人脸库名称。', '人臉庫名稱。', 'Name of the set.']),
  face_count: described(z.number().int(), ['库中的人脸数。', '庫中的人臉數。', 'Faces in the set.']),
  created_at: described(z.string(), [
    '创建时间（ISO 8601）。',
    '建立時間（ISO 8601）。',
    'When it was made (ISO 8601).',
  ]),
  expires_at: described(z.string(), [
    '仅网站演示的人脸库：删除时间（创建演示身份后 24 小时）。',
    '僅網站示範的人臉庫：刪除時間（建立示範身分後 24 小時）。',
    'Website demo sets only: when the set is deleted (24 hours after the demo identity was made).',
  ]).optional(),
});
export type FaceSetSummary = z.infer<typeof faceSetSummary>;

const faceToken = token(['人脸的标识。', '人臉的識別碼。', 'The face’s token.']);
export const storedFace = obj({
  face_token: faceToken,
  face_name: described(z.string(), ['人脸的名称。', '人臉的名稱。', 'The face’s name.']),
  face_rectangle: faceRectangle,
  created_at: described(z.string(), [
    '加入时间（ISO 8601）。',
    '加入時間（ISO 8601）。',
    'When it was added (ISO 8601).',
  ]),
});
export type StoredFace = z.infer<typeof storedFace>;

const SET_ERRORS = [21017, 10000];
const searchResult = obj({
  face_token: faceToken,
  face_name: z.string(),
  similarity: described(z.number(), [
    '相似度 0 到 100（与 v1/face_compare 相同）。',
    '相似度 0 到 100（與 v1/face_compare 相同）。',
    'Similarity, 0 to 100 (as v1/face_compare).',
  ]),
  is_same_person: sameness,
});

export const faceSetEndpoints = [
  defineEndpoint({
    endpoint: 'v1/faceset/create',
    images: 0,
    parameters: {
      faceset_name: name([
        `人脸库名称，最多 ${FACE_SET_NAME_MAX} 个字符。`,
        `人臉庫名稱，最多 ${FACE_SET_NAME_MAX} 個字元。`,
        `Name of the set, up to ${FACE_SET_NAME_MAX} characters.`,
      ]),
    },
    answer: { answer: faceSetSummary },
    errors: [10000],
  }),
  defineEndpoint({
    endpoint: 'v1/faceset/list',
    images: 0,
    parameters: {},
    answer: {
      answer: obj({
        facesets: described(z.array(faceSetSummary), [
          '调用方的全部人脸库（字段同 create 的返回）。',
          '呼叫方的全部人臉庫（欄位同 create 的返回）。',
          'Every face set of the caller (fields as create answers).',
        ]),
      }),
    },
    errors: [],
  }),
  defineEndpoint({
    endpoint: 'v1/faceset/detail',
    images: 0,
    parameters: { faceset_token: setToken },
    answer: {
      answer: faceSetSummary.extend({
        faces: described(z.array(storedFace), [
          '库中的人脸，按加入顺序。',
          '庫中的人臉，依加入順序。',
          'The faces of the set, in the order they were added.',
        ]),
      }),
    },
    errors: SET_ERRORS,
  }),
  defineEndpoint({
    endpoint: 'v1/faceset/add_face',
    parameters: {
      faceset_token: setToken,
      face_name: name([
        `人脸的名称（例如人名），最多 ${FACE_SET_NAME_MAX} 个字符。`,
        `人臉的名稱（例如人名），最多 ${FACE_SET_NAME_MAX} 個字元。`,
        `A name for the face (a person’s name, say), up to ${FACE_SET_NAME_MAX} characters.`,
      ]),
    },
    answer: {
      answer: storedFace.extend({
        face_count: described(z.number().int(), [
          '库中现有人脸数。',
          '庫中現有人臉數。',
          'Faces in the set now.',
        ]),
        ...imageSize,
      }),
    },
    errors: [...SET_ERRORS, ...ONE_FACE_ERRORS],
  }),
  defineEndpoint({
    endpoint: 'v1/faceset/remove_face',
    images: 0,
    parameters: {
      faceset_token: setToken,
      face_token: token(['要移除的人脸标识。', '要移除的人臉識別碼。', 'The token of the face to remove.']),
    },
    answer: {
      answer: obj({
        face_token: faceToken,
        face_count: described(z.number().int(), [
          '库中剩余的人脸数。',
          '庫中剩餘的人臉數。',
          'Faces left in the set.',
        ]),
      }),
    },
    errors: SET_ERRORS,
  }),
  defineEndpoint({
    endpoint: 'v1/faceset/delete',
    images: 0,
    parameters: { faceset_token: setToken },
    answer: {
      answer: obj({
        faceset_token: setToken,
        deleted: described(z.literal(1), [
          '1：人脸库及其全部人脸已删除。',
          '1：人臉庫及其全部人臉已刪除。',
          '1: the set and all its faces are deleted.',
        ]),
      }),
    },
    errors: SET_ERRORS,
  }),
  defineEndpoint({
    endpoint: 'v1/face_search',
    parameters: {
      faceset_token: setToken,
      top_n: integer({ min: 1, max: 20, default: 5 }, [
        '返回最相似的几张人脸。',
        '返回最相似的幾張人臉。',
        'How many of the most similar faces to return.',
      ]),
    },
    answer: {
      answer: obj({
        face_rectangle: faceRectangle,
        ...imageSize,
        threshold,
        faceset_token: setToken,
        face_count: described(z.number().int(), ['库中的人脸数。', '庫中的人臉數。', 'Faces in the set.']),
        results: described(z.array(searchResult), [
          '最相似的人脸，从高到低。',
          '最相似的人臉，由高到低。',
          'The most similar faces, best first.',
        ]),
      }),
    },
    errors: [...SET_ERRORS, ...ONE_FACE_ERRORS],
  }),
] as const;
