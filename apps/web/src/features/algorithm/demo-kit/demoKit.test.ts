import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addToHistory, clearHistory, HISTORY_SIZE, loadHistory } from './history.ts';
import {
  bytesToBase64,
  checkImageFile,
  dataUrlToMedia,
  MAX_UPLOAD_BYTES,
  parseImageUrl,
} from './imageSource.ts';
import { formatJson } from './formatJson.ts';
import { samplePath, sampleThumbPath, type Sample } from './samples.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

describe('checkImageFile', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it("accepts jpg, jpeg, png, bmp and webp smaller than the gateway's 10 MB", () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.bmp', 'image/bmp'],
      ['a.webp', 'image/webp'],
      ['a.webp', ''],
    ] as const) {
      expect(checkImageFile(file(name, type)), name).toEqual({ ok: true });
    }
  });

  it('names the problem', () => {
    expect(checkImageFile(file('a.gif', 'image/gif'))).toEqual({
      ok: false,
      errorKey: 'demo.errors.imageType',
    });
    expect(checkImageFile(file('a.pdf', 'application/pdf'))).toEqual({
      ok: false,
      errorKey: 'demo.errors.fileType',
    });
    expect(checkImageFile(file('a.jpg', 'image/jpeg', MAX_UPLOAD_BYTES))).toEqual({
      ok: false,
      errorKey: 'demo.errors.imageSize',
    });
    expect(checkImageFile(file('a.jpg', 'image/jpeg', MAX_UPLOAD_BYTES - 1)).ok).toBe(true);
    // One number for the demo and the API: the gateway's default MAX_IMAGE_BYTES.
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe('media helpers', () => {
  it('strips the data: prefix and keeps png apart', () => {
    expect(dataUrlToMedia('data:image/png;base64,iVBO')).toEqual({
      kind: 'base64',
      data: 'iVBO',
      type: 'png',
    });
    expect(dataUrlToMedia('data:image/jpeg;base64,/9j/')).toEqual({
      kind: 'base64',
      data: '/9j/',
      type: 'jpg',
    });
    expect(() => dataUrlToMedia('https://a.b/c.jpg')).toThrow();
  });

  it('encodes bytes as base64', () => {
    expect(bytesToBase64(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('/9j/');
    expect(bytesToBase64(new Uint8Array(70_000)).length).toBe(Math.ceil(70_000 / 3) * 4);
  });

  it('accepts only http(s) image addresses', () => {
    expect(parseImageUrl(' https://a.com/x.jpg ')).toBe('https://a.com/x.jpg');
    expect(parseImageUrl('ftp://a.com/x.jpg')).toBeNull();
    expect(parseImageUrl('not a url')).toBeNull();
  });
});

describe('history', () => {
  it('keeps the last six images, newest first, without duplicates', () => {
    for (let i = 0; i < 8; i += 1)
      addToHistory('v2/facepoints', { kind: 'url', url: `https://a.com/${i}.jpg` }, i);
    addToHistory('v2/facepoints', { kind: 'url', url: 'https://a.com/5.jpg' }, 100);
    const items = loadHistory('v2/facepoints');
    expect(items).toHaveLength(HISTORY_SIZE);
    expect(items.map((item) => (item.source.kind === 'url' ? item.source.url : ''))).toEqual([
      'https://a.com/5.jpg',
      'https://a.com/7.jpg',
      'https://a.com/6.jpg',
      'https://a.com/4.jpg',
      'https://a.com/3.jpg',
      'https://a.com/2.jpg',
    ]);
    clearHistory('v2/facepoints');
    expect(loadHistory('v2/facepoints')).toEqual([]);
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem('pixora.demoHistory.v2/facepoints', '{"not":"a list"}');
    expect(loadHistory('v2/facepoints')).toEqual([]);
    localStorage.setItem('pixora.demoHistory.v2/facepoints', '[{"source":{"kind":"evil"},"time":1}]');
    expect(loadHistory('v2/facepoints')).toEqual([]);
  });
});

describe('formatJson', () => {
  it('keeps number arrays on one line', () => {
    expect(formatJson({ a: [[1, 2, 3]], b: 'x', c: {} })).toBe(
      '{\n  "a": [\n    [1, 2, 3]\n  ],\n  "b": "x",\n  "c": {}\n}',
    );
    expect(
      JSON.parse(
        formatJson({
          a: [
            [1, 2],
            [3, 4],
          ],
          n: null,
        }),
      ),
    ).toEqual({
      a: [
        [1, 2],
        [3, 4],
      ],
      n: null,
    });
  });
});

describe('samples', () => {
  const samples = JSON.parse(
    fs.readFileSync(path.join(publicDir, 'samples/samples.json'), 'utf8'),
  ) as Sample[];

  it('each have the photo sent to the demo and a small copy for the picker', () => {
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const photo = fs.statSync(path.join(publicDir, samplePath(sample)));
      const thumb = fs.statSync(path.join(publicDir, sampleThumbPath(sample)));
      // Made by scripts/sample-thumbs.mjs: a fraction of the photo's bytes.
      expect(thumb.size, sample.file).toBeLessThan(photo.size / 2);
    }
  });
});
