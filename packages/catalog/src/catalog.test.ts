import { describe, expect, it } from 'vitest';
import {
  answerRows,
  capabilities,
  demoControls,
  capabilityUrl,
  FACE_SET_ENDPOINTS,
  findByEndpoint,
  groups,
  LANGUAGES,
  parameterRows,
  producesImages,
  type EndpointContract,
} from './index.ts';

// Everything below is copied from the product spec (points 1, 2 and 7): the catalogue must hold it all.
const specIds: Array<[number, string]> = [
  [10, 'makeup'],
  [18, 'imageDenoise'],
  [19, 'filter'],
  [89, 'nightEnhance'],
  [96, 'beautify'],
  [180, 'shapeTuning'],
  [103, 'HDR'],
  [179, 'imageEnhance'],
  [134, 'arSDK'],
  [154, 'image-restoration'],
  [12, 'facefusion'],
  [14, 'facefusion'],
  [57, 'facefusechild'],
  [39, 'skySegment'],
  [67, 'faceSegment'],
  [84, 'catsAndDogs'],
  [85, 'sceneRecognition'],
  [91, 'foodRecognition'],
  [120, 'foodSegment'],
  [155, 'imageClassification'],
  [157, 'depthEstimation'],
  [186, 'personSplit'],
  [38, 'skinSegment'],
  [49, 'mask'],
  [56, 'headReplace'],
  [61, 'hairSegment'],
  [75, 'bodyPose'],
  [76, 'humanDetect'],
  [90, 'apperal'],
  [93, 'accessoriesRecognition'],
  [109, 'handGesture'],
  [110, 'humanContourPointDetection'],
  [20, 'andy'],
  [21, 'beard'],
  [22, 'certificates'],
  [23, 'imageStyle'],
  [122, 'emojMaterial'],
  [158, 'lineArt'],
  [159, 'test'],
  [63, 'faceDetect'],
  [167, 'faceAnalysis'],
  [65, 'skinAnalysis'],
  [81, 'aibeauty'],
  [86, 'facePoint'],
  [166, 'faceCharacter'],
  [95, 'hairAnalysis'],
  [121, 'aestheticScore'],
  [133, 'faceRecognition'],
  [156, 'faceDetectServerVersion'],
  [130, 'petRecognition'],
  [131, 'babyRecognition'],
  [132, 'foodRecognition'],
  [176, 'studio-solution'],
];

const specRoutes = [
  '/algorithm/faceTechnology/AIBeauty',
  '/algorithm/faceTechnology/facepointdetect',
  '/algorithm/faceTechnology/facecharacter',
  '/algorithm/faceTechnology/faceanalysis',
  '/algorithm/faceTechnology/hairAttrAnalysis',
  '/algorithm/faceTechnology/aestheticScore',
  '/algorithm/generateImages/AICartoonStyle1',
  '/algorithm/generateImages/emojMaterial',
  '/algorithm/generateImages/beard',
  '/algorithm/generateImages/mtstyle',
  '/algorithm/bodyTechnology/apperal',
  '/algorithm/bodyTechnology/BodyPose',
  '/algorithm/bodyTechnology/HumanDetect',
  '/algorithm/bodyTechnology/segmentEx',
  '/algorithm/imageRecognition/sky_segment',
  '/algorithm/imageRecognition/catDogDetection',
  '/algorithm/imageRecognition/foodRecognition',
  '/algorithm/imageRecognition/foodSegment',
  '/algorithm/imageProcessing/makeup',
  '/algorithm/imageProcessing/beautify',
  '/algorithm/imageProcessing/shape_tuning',
  '/algorithm/imageProcessing/filter',
  '/algorithm/imageEditing/facefuse',
  '/algorithm/solution/studioSolution',
];

const specEndpoints = [
  'v2/facepoints',
  'v3/facefuse',
  'v1/facefusechild',
  'v1/animal',
  'v1/fooddetect',
  'v1/foodsegment',
  'v1/HandGesture',
  'v1/BodyContour',
  'v1/hdr',
  'v1/micro_facial_analysis',
  'v2/macro_facial_analysis',
  'v1/filter',
  'v1/certified',
  'v2/skin',
  'v1/hairclassifier',
  'v1/beauty_shape',
  'v3/makeup',
  'v1/beauty',
  'v1/mask',
  'v1/beard',
  'v1/AICartoonStyle1',
  'v2/denoise',
  'test/AIDenoise',
  'v1/mtstyle',
  'v2/AsestheticsAssess',
  'v1/PhotoSegment',
  'test/skysegment',
  'v2/segment',
  'v1/hair_segment',
  'v1/skin_segment',
  'v1/Ornaments',
  'v1/apperal',
  'v2/headreplace',
  'v1/HumanDetect',
  'v1/BodyPose',
  'v3/AIBeauty',
  'v1/night_denoise',
  'v1/EmojMaterialH5',
  'v1/Album',
  'v2/album',
  'v1/aiquality',
  'v1/MonoDepth',
  'v1/mtai',
];

const specDocIds = [45, 49, 53, 79, 85, 6, 13, 15, 88, 92, 95, 80, 96, 97, 82, 81, 71, 72, 74, 75];

describe('capability catalogue', () => {
  it('holds every capability id of the spec with its key', () => {
    for (const [id, key] of specIds) {
      expect(
        capabilities.some((c) => c.id === id && c.key === key),
        `${id} ${key}`,
      ).toBe(true);
    }
  });

  it('keys capabilities by id plus group without duplicates', () => {
    const keys = capabilities.map((c) => `${c.group}:${c.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const urls = capabilities.map(capabilityUrl);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('has a page for every algorithm route the spec links', () => {
    const urls = new Set(capabilities.map(capabilityUrl));
    for (const route of specRoutes) expect(urls.has(route), route).toBe(true);
  });

  it('routes every gateway endpoint of the spec to exactly one capability', () => {
    for (const endpoint of specEndpoints) {
      expect(
        capabilities.filter((c) => c.endpoint === endpoint),
        endpoint,
      ).toHaveLength(1);
      expect(findByEndpoint(`/${endpoint}`)?.endpoint).toBe(endpoint);
    }
  });

  it('links every doc id the spec names', () => {
    const docs = new Set(capabilities.map((c) => c.extension.doc));
    for (const id of specDocIds) expect(docs.has(id), `doc ${id}`).toBe(true);
  });

  it('names and describes every capability and group in all three languages', () => {
    for (const c of capabilities) {
      for (const lang of LANGUAGES) {
        expect(c.name[lang].trim(), `${c.id} name ${lang}`).not.toBe('');
        expect(c.description[lang].trim(), `${c.id} description ${lang}`).not.toBe('');
      }
    }
    for (const g of groups) for (const lang of LANGUAGES) expect(g.name[lang]).not.toBe('');
  });

  it('uses the contract spelling of the groups and valid menu codes', () => {
    expect(groups.map((g) => g.id)).toContain('diretectionPosition');
    for (const c of capabilities) {
      expect([0, 1, 2]).toContain(c.menuType);
      expect([0, 1, 2]).toContain(c.display);
      expect([1, 2, 3, 4, 5]).toContain(c.status);
      if (c.menuType === 0) expect(c.endpoint, `${c.id} API entry needs an endpoint`).toBeTruthy();
    }
  });

  it('keeps group menu ids apart from capability ids', () => {
    const ids = new Set(capabilities.map((c) => c.id));
    for (const g of groups) expect(ids.has(g.menuId)).toBe(false);
  });

  it('writes each API contract for its own endpoint and kind, taking rsp_media_type where it makes images', () => {
    for (const c of capabilities.filter((x) => x.api)) {
      const api = c.api!;
      expect(api.endpoint, c.key).toBe(c.endpoint);
      // A solution's page is its own; its API answers one of the output kinds.
      if (c.kind === 'solution') expect(api.kind, c.key).toBeDefined();
      else expect(api.kind, c.key).toBe(c.kind);
      expect('rsp_media_type' in api.parameters.shape, c.key).toBe(producesImages(api.kind!));
      expect(api.samples, c.key).toHaveLength(api.images);
    }
  });

  it('gives the demo and the reference every default, switches included', () => {
    const byKey = (key: string) => capabilities.find((c) => c.key === key)!.api!;
    const controls = Object.fromEntries(demoControls(byKey('faceDetect')).map((c) => [c.name, c]));
    expect(controls.return_landmark).toMatchObject({ type: 'integer', options: [0, 1, 2], default: 0 });
    expect(controls.nFront).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(demoControls(byKey('aibeauty')).map((c) => [c.name, c.default])).toEqual([
      ['smooth', 60],
      ['whiten', 30],
      ['slim', 20],
      ['eye', 20],
      ['max_face_num', 20],
    ]);
    const rows = parameterRows(byKey('bodyPose'));
    expect(rows.map((r) => [r.name, r.type, r.default])).toEqual([
      ['parameter.max_person_num', 'integer 1-6', '6'],
      ['parameter.min_score', 'number 0-1', '0.15'],
    ]);
  });

  it('documents every parameter and answer field of every API in three languages, face search included', () => {
    const face = capabilities.find((c) => c.id === 133)!;
    expect(face.extraEndpoints!.map((e) => e.endpoint)).toEqual(FACE_SET_ENDPOINTS);
    const endpoints: EndpointContract[] = capabilities.flatMap((c) =>
      c.api ? [c.api, ...(c.extraEndpoints ?? [])] : [],
    );
    expect(endpoints.map((e) => e.endpoint)).toEqual(
      expect.arrayContaining(['v3/AIBeauty', 'v1/face_search', 'v1/faceset/add_face']),
    );
    for (const endpoint of endpoints) {
      const rows = [...parameterRows(endpoint), ...answerRows(endpoint)];
      for (const row of rows)
        for (const lang of LANGUAGES)
          expect(row.description[lang].trim(), `${endpoint.endpoint} ${row.name} ${lang}`).not.toBe('');
    }
    // The attributes are documented for what they are.
    const macro = answerRows(capabilities.find((c) => c.endpoint === 'v2/macro_facial_analysis')!.api!);
    const named = (name: string) =>
      macro.find((f) => f.name === `faces[].face_attributes.${name}`)!.description.en;
    expect(named('race')).toContain('estimate of apparent race');
    expect(named('beauty')).toContain('regularity score');
    for (const name of ['glasses', 'mustache', 'eyelid']) expect(named(name)).toBeTruthy();
    const points = answerRows(capabilities.find((c) => c.endpoint === 'v2/facepoints')!.api!);
    expect(points.map((f) => f.name)).toContain('faces[].face_landmark.points_106');
  });

  it("lets a points contract add item fields and say what its points' scores are (v1/BodyContour)", () => {
    const contour = capabilities.find((c) => c.endpoint === 'v1/BodyContour')!.api!;
    const rows = answerRows(contour);
    const row = (name: string) => rows.find((f) => f.name === name)!;
    expect(row('persons[].contour').description.en).toContain('Only with full_contour 1');
    expect(row('persons[].keypoints').description.en).toMatch(
      /contour_63; .* A point's score is the person mask's step/,
    );
    expect(row('persons[].keypoints').description.zh).toContain('点的得分是该处人像掩码跨过轮廓的落差');
    const person = {
      person_rectangle: { left: 0, top: 0, width: 1, height: 1 },
      score: 0.5,
      keypoints: Array.from({ length: 63 }, (_, i) => ({ name: `contour_${i + 1}`, x: 0, y: 0, score: 1 })),
      model_keypoints: [],
    };
    const answer = { image_width: 1, image_height: 1, person_num: 1, persons: [person] };
    expect(contour.answer.safeParse(answer).success).toBe(true);
    const outlined = { ...answer, persons: [{ ...person, contour: [[0.5, 0.5]] }] };
    expect(contour.answer.safeParse(outlined).success).toBe(true);
    const unknown = { ...answer, persons: [{ ...person, outline: [] }] };
    expect(contour.answer.safeParse(unknown).success).toBe(false);
    // BodyPose keeps its answer: no extra field, the model's scores undescribed.
    const pose = answerRows(capabilities.find((c) => c.endpoint === 'v1/BodyPose')!.api!);
    expect(pose.map((f) => f.name)).not.toContain('persons[].contour');
    expect(pose.find((f) => f.name === 'persons[].keypoints')!.description.en).toMatch(/own\.$/);
  });
});
