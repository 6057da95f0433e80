/**
 * The README's "Try the API" commands and the curl examples of the API reference and the console
 * run as they are, with the real engine behind a listening server: what a newcomer pastes works.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { curlExample } from '@pixora/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway } from '../../../test/helpers.ts';
import { groupSamplePath } from '../../../../../packages/vision/test/fixtures.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');

/** The first ```sh block after the README's "## Try the API" heading. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Try the API'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README has no sh block under "## Try the API"');
  return block[1]!;
}

describe('the shell examples a newcomer pastes', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let origin: string;
  let web: string;
  let cwd: string;

  beforeAll(async () => {
    // The built site's samples, plus a photo larger than a command line can hold as base64.
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-readme-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Pixora</title>');
    fs.cpSync(path.join(root, 'apps/web/public/samples'), path.join(web, 'samples'), { recursive: true });
    fs.copyFileSync(groupSamplePath(2), path.join(web, 'samples', 'large.jpg'));
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-readme-'));
    gateway = await engineGateway({ WEB_DIST: web });
    origin = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.close();
    for (const dir of [web, cwd]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function shell(script: string): Promise<any> {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout);
  }

  it("runs the README's commands as written: one face with its 468-point mesh", async () => {
    const script = readmeExample();
    expect(script).toContain('http://localhost:8080/');
    const answer = await shell(script.replaceAll('http://localhost:8080', origin));
    const faces = answer.media_info_list[0].media_extra.faces;
    expect(faces).toHaveLength(1);
    expect(faces[0].face_landmark.mesh).toHaveLength(468);
  });

  it('sends a 180 KB photo the same way (too long for a command line as base64)', async () => {
    expect(fs.statSync(groupSamplePath(2)).size).toBeGreaterThan(150_000);
    const script = readmeExample()
      .replaceAll('http://localhost:8080', origin)
      .replace('astronaut.jpg', 'large.jpg');
    const answer = await shell(script);
    expect(answer.media_info_list[0].media_extra.faces.length).toBeGreaterThanOrEqual(3);
  });

  it("runs the API reference's and the console's example of a two-photo capability", async () => {
    const script = curlExample({
      origin,
      endpoint: 'v1/face_compare',
      samples: ['/samples/astronaut.jpg', 'astronaut-mirrored.jpg'],
    });
    const answer = await shell(script);
    expect(answer.media_info_list[0].media_extra.is_same_person).toBe(1);
  });
});
