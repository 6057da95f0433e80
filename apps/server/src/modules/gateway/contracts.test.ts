import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BEAUTY,
  capabilities,
  errorEnvelope,
  faceSetEndpoints,
  responseEnvelope,
  type EndpointContract,
} from '@pixora/catalog';
import { BEAUTY_DEFAULTS, taskNames, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayBody, idleBackend, testApp } from '../../../test/helpers.ts';
import { FACE_SEARCH_RECORDINGS, RECORDINGS } from '../../../../../e2e/support/face-recordings.ts';
import { bindings } from './bindings.ts';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/src/features/algorithm/demos/face-kit/fixtures',
);

const contracts = new Map<string, EndpointContract>([
  ...capabilities.flatMap((c) => (c.api ? [[c.api.endpoint, c.api] as const] : [])),
  ...faceSetEndpoints.map((e) => [e.endpoint, e] as const),
]);
const recorded = new Map<string, string>([
  ...RECORDINGS.map(([name, endpoint]) => [name, endpoint] as const),
  ...Object.entries(FACE_SEARCH_RECORDINGS),
]);

describe('capability contracts and bindings', () => {
  it('bind exactly the capabilities whose API is written, each once, to tasks the engine has', () => {
    const bound = bindings.map((b) => b.capability.id).sort((a, b) => a - b);
    const written = capabilities
      .filter((c) => c.api)
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(bound).toEqual(written);
    expect(new Set(bindings.map((b) => b.capability.key)).size).toBe(bindings.length);
    for (const b of bindings) {
      for (const task of b.tasks) expect(taskNames, `${b.capability.key}: ${task}`).toContain(task);
      expect(b.capability.endpoint).toBe(b.capability.api.endpoint);
    }
  });

  it('default to what the engine does when the client says nothing', () => {
    const { smooth, whiten, slim, eye } = BEAUTY_DEFAULTS;
    expect(BEAUTY).toEqual({ smooth, whiten, slim, eye });
  });

  it('keep one key per capability that has an endpoint', () => {
    const keys = capabilities.filter((c) => c.endpoint).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // The recorded answers of the face demos are the golden files of the face family: each parses
  // with the contract of the endpoint it was recorded from (errors with the error envelope).
  const files = fs.readdirSync(fixtures).filter((f) => f.endsWith('.json'));
  it.each(files)('%s fits its contract', (file) => {
    const name = file.replace(/\.json$/, '');
    const endpoint = recorded.get(name);
    expect(endpoint, `${name} is not among the recordings`).toBeDefined();
    const answer = JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8')) as unknown;
    const schema = name.includes('-error-') ? errorEnvelope : responseEnvelope(contracts.get(endpoint!)!);
    const result = schema.safeParse(answer);
    expect(result.success ? 'fits' : result.error.issues).toBe('fits');
  });

  it('record every golden file the recorder writes', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...recorded.keys()].sort());
  });
});

describe('public parameters, checked once by the contract', () => {
  // A stand-in engine that records the task parameters it is sent and finds no face.
  const sent: Array<{ task: string; params: Record<string, unknown> }> = [];
  const recording: InferenceBackend = {
    ...idleBackend,
    run: async <T>(task: string, input: { params?: Record<string, unknown> }) => {
      sent.push({ task, params: input.params ?? {} });
      return { imageWidth: 8, imageHeight: 8, faces: [] } as T;
    },
  };
  let app: FastifyInstance;
  beforeAll(async () => ({ app } = await testApp(recording)));
  afterAll(async () => app?.close());

  const image = Buffer.from('ffd8ffe000104a464946', 'hex');
  const call = (endpoint: string, parameter: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/${endpoint}?api_key=pixora-demo-key&api_secret=pixora-demo-secret`,
      payload: { ...gatewayBody(image), parameter },
    });

  it.each([0, -1, 'abc', 2.5, 150, true])(
    'refuses max_face_num %j with 10000 naming it, before the engine runs',
    async (value) => {
      sent.length = 0;
      const res = await call('v2/facepoints', { max_face_num: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ErrorCode: 10000,
        ErrorMsg: 'Wrong parameter: parameter.max_face_num must be an integer from 1 to 100',
        Data: null,
      });
      expect(sent).toHaveLength(0);
    },
  );

  it('reads numbers sent as text, treats "" and null as not given, and resolves the older names', async () => {
    sent.length = 0;
    await call('v2/facepoints', { max_face_num: '5' });
    await call('v2/facepoints', { max_face_num: '', nFront: 7 });
    await call('v2/facepoints', { max_face_num: null, return_landmark: 106 });
    await call('v1/facedetect', { max_face_num: 3 });
    await call('v1/facedetect', { nFront: '4', max_face_num: 3, return_landmark: '2' });
    expect(sent.map((s) => s.params)).toEqual([
      { maxFaces: 5, landmarkType: '468' },
      { maxFaces: 7, landmarkType: '468' },
      { maxFaces: 20, landmarkType: '106' },
      { maxFaces: 3, landmarks: false },
      { maxFaces: 4, landmarks: true },
    ]);
  });

  it('names the parameter the client sent in every wrong-value answer', async () => {
    const wrong: Array<[string, Record<string, unknown>, string]> = [
      ['v2/facepoints', { landmark_type: '98' }, 'parameter.landmark_type must be one of 468, 106, 118, all'],
      [
        'v2/macro_facial_analysis',
        { return_attributes: 3 },
        'parameter.return_attributes must be a comma-separated string',
      ],
      ['v2/macro_facial_analysis', { return_landmark: 'yes' }, 'parameter.return_landmark must be 0, 1 or 2'],
      ['v3/AIBeauty', { smooth: 101 }, 'parameter.smooth must be a number from 0 to 100'],
      ['v3/AIBeauty', { rsp_media_type: 'gif' }, 'parameter.rsp_media_type must be one of jpg, url'],
      [
        'v1/face_search',
        { faceset_token: 'x', top_n: 21 },
        'parameter.top_n must be an integer from 1 to 20',
      ],
    ];
    for (const [endpoint, parameter, message] of wrong) {
      const res = await call(endpoint, parameter);
      expect([res.statusCode, res.json().ErrorMsg], endpoint).toEqual([400, `Wrong parameter: ${message}`]);
    }
  });
});

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => ({ app } = await testApp(idleBackend)));
  afterAll(async () => app?.close());

  it("documents every served capability's parameters and answer fields, from its contract", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const { capability } of bindings) {
      const post = doc.paths[`/${capability.api.endpoint}`]?.post;
      expect(post, capability.api.endpoint).toBeDefined();
      const body = post.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties.parameter.properties ?? {}).sort(), capability.key).toEqual(
        Object.keys(capability.api.parameters.shape).sort(),
      );
      const answer = post.responses['200'].content['application/json'].schema;
      const extra = answer.properties.media_info_list.items.properties.media_extra;
      expect(Object.keys(extra.properties).sort(), capability.key).toEqual(
        Object.keys((capability.api.answer as unknown as { shape: object }).shape).sort(),
      );
    }
    const pose = doc.paths['/v1/BodyPose'].post.requestBody.content['application/json'].schema;
    expect(pose.properties.parameter.properties.max_person_num).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 6,
      default: 6,
    });
  });
});
