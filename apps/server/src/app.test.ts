import { describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../test/helpers.ts';

describe('server', () => {
  it('answers the menu in the contract shape', async () => {
    const { app } = await testApp(idle);
    const res = await app.inject({ method: 'GET', url: '/api/v1/menu/' });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.data as Array<{ Url: string; Children: Array<Record<string, unknown>> }>;
    expect(groups.map((g) => g.Url)).toContain('/algorithm/diretectionPosition');
    const entry = groups.flatMap((g) => g.Children).find((c) => c.Id === 176)!;
    expect(Object.keys(entry).sort()).toEqual([
      'Children',
      'Comment',
      'CommentI18N',
      'Display',
      'Endpoint',
      'Extension',
      'Id',
      'MenuType',
      'Name',
      'NameI18N',
      'ParentId',
      'Status',
      'Url',
    ]);
    expect(entry).toMatchObject({ Url: '/algorithm/solution/studioSolution', MenuType: 2 });
    expect(typeof entry.Extension).toBe('string');
    await app.close();
  });

  it('serves the web app for client routes and JSON for unknown API paths', async () => {
    const { app } = await testApp(idle);
    for (const url of ['/', '/index', '/algorithm/faceTechnology/facepointdetect?t=1', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(res.body).toContain('<div id="root">');
    }
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect([api.statusCode, api.json().ErrorCode]).toEqual([404, 21017]);
    await app.close();
  });

  it('publishes an OpenAPI document generated from the request schemas', async () => {
    const { app } = await testApp(idle);
    const doc = (await app.inject('/openapi.json')).json();
    expect(
      doc.paths['/v2/facepoints'].post.requestBody.content['application/json'].schema.required,
    ).toContain('media_info_list');
    // Apps call with api_key and api_secret in the query, or signed.
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey', 'apiSecret', 'signature']);
    for (const [path, method] of [
      ['/v2/facepoints', 'post'],
      ['/v1/jobs', 'post'],
      ['/v1/jobs', 'get'],
      ['/v1/jobs/{id}', 'get'],
      ['/v1/jobs/{id}', 'delete'],
      ['/public/upload', 'post'],
    ] as const)
      expect(doc.paths[path][method].security, path).toEqual([
        { apiKey: [], apiSecret: [] },
        { signature: [] },
      ]);
    await app.close();
  });

  it('documents answers from the shared schemas, the recursive menu entry as a component', async () => {
    const { app } = await testApp(idle);
    const doc = (await app.inject('/openapi.json')).json();
    const answer = (path: string, method = 'get') =>
      doc.paths[path][method].responses['200'].content['application/json'].schema;
    expect(answer('/api/v1/menu/').properties.data.properties.data.items).toEqual({
      $ref: '#/components/schemas/MenuEntry',
    });
    expect(doc.components.schemas.MenuEntry.properties.Children.items).toEqual({
      $ref: '#/components/schemas/MenuEntry',
    });
    expect(answer('/api/v1/apps').properties.data.items.required).toContain('api_key');
    // The job routes answer the catalogue's job schema (the SDK's and the web's job type).
    expect(answer('/v1/jobs').properties.jobs.items.required).toContain('cancelled');
    expect(answer('/v1/jobs/{id}').properties.items.items.properties.status.enum).toContain('cancelled');
    expect(answer('/v1/jobs/{id}', 'delete').required).toContain('items');
    expect(doc.paths['/v1/jobs'].post.responses['202'].content['application/json'].schema.required).toContain(
      'job_id',
    );
    // Every reference points at a component the document holds.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, name] of refs) expect(doc.components.schemas, name).toHaveProperty([name!]);
    await app.close();
  });

  it('documents an answer for every back-office route: each method has a 2xx response with its schema', async () => {
    const { app } = await testApp(idle);
    const doc = (await app.inject('/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/admin')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const ok = Object.entries(op.responses ?? {}).some(
          ([status, r]) =>
            /^2/.test(status) && Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!ok) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    // Every admin route documents its answer (a download as binary): a new one without fails here.
    expect(missing).toEqual([]);
    await app.close();
  });
});
