/**
 * The gateway answers recorded as the face demos' fixtures (e2e/support/face-fixtures.ts writes
 * them): name, endpoint, parameters, photos, and the width the photo is scaled to. Plain data, so
 * tests can read which endpoint each fixture answers.
 */
import type { FacePhoto } from './face-photos.ts';

export const RECORDINGS: ReadonlyArray<
  [name: string, endpoint: string, parameter: object, photos: FacePhoto[], width?: number]
> = [
  ['facedetect-v1-sample1', 'v1/facedetect', { nFront: 20 }, ['groupOfThree']],
  ['facedetect-v2-astronaut', 'v2/facedetect', { max_face_num: 20 }, ['astronaut']],
  ['facedetect-error-20003-chelsea', 'v1/facedetect', {}, ['cat']],
  ['faceanalysis-astronaut', 'v2/macro_facial_analysis', {}, ['astronaut']],
  ['faceanalysis-cameraman', 'v2/macro_facial_analysis', {}, ['cameraman']],
  ['faceanalysis-sample1', 'v2/macro_facial_analysis', {}, ['groupOfThree']],
  [
    'facecharacter-astronaut',
    'v1/micro_facial_analysis',
    { return_attributes: 'facial_analysis' },
    ['astronaut'],
  ],
  ['facecompare-astronaut-mirrored', 'v1/face_compare', {}, ['astronaut', 'astronautMirrored']],
  ['facecompare-error-20010-astronaut-chelsea', 'v1/face_compare', {}, ['astronaut', 'cat']],
  ['facecompare-error-20022-astronaut-cameraman', 'v1/face_compare', {}, ['astronaut', 'cameraman']],
  ['babyrecognition-sample1', 'v1/baby_recognition', {}, ['groupOfThree']],
  ['facepoints-106-astronaut', 'v2/facepoints', { landmark_type: '106' }, ['astronaut']],
  ['facepoints-118-astronaut', 'v2/facepoints', { landmark_type: '118' }, ['astronaut']],
  // The photo at 192 px keeps the result image (base64 in the answer) small.
  ['aibeauty-astronaut-192', 'v3/AIBeauty', { smooth: 80 }, ['astronaut'], 192],
  ['aibeauty-error-20003-chelsea', 'v3/AIBeauty', {}, ['cat']],
];

/** The face-search fixtures, recorded as one visitor's session, by the endpoint each answers. */
export const FACE_SEARCH_RECORDINGS: Record<string, string> = {
  'facesearch-list-empty': 'v1/faceset/list',
  'facesearch-create': 'v1/faceset/create',
  'facesearch-add-astronaut': 'v1/faceset/add_face',
  'facesearch-add-error-20003-chelsea': 'v1/faceset/add_face',
  'facesearch-list': 'v1/faceset/list',
  'facesearch-detail': 'v1/faceset/detail',
  'facesearch-search-mirrored': 'v1/face_search',
};
