import { describe, expect, it } from 'vitest';
import { addToBatch, photoTypeOf, STUDIO_LIMITS } from './studioFiles.ts';
import { resultName, saveJob, savedJobs } from './studioJobs.ts';

const JPEG = [0xff, 0xd8, 0xff, 0xdb];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file of `size` bytes that starts with `head`. */
const file = (name: string, head: number[], size = head.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name);
};

describe('what the studio accepts before upload', () => {
  it('tells JPEG and PNG by their first bytes, whatever the name says', () => {
    expect(photoTypeOf(new Uint8Array(JPEG))).toBe('jpg');
    expect(photoTypeOf(new Uint8Array(PNG))).toBe('png');
    expect(photoTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(photoTypeOf(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('refuses each file by its first broken rule: type, size, count, then the batch’s bytes', async () => {
    const { photos, refused } = await addToBatch(
      [],
      [
        file('a.png', PNG),
        file('photo.jpg', [0x47, 0x49, 0x46]),
        file('huge.jpg', JPEG, STUDIO_LIMITS.fileBytes),
        file('b.jpg', JPEG),
      ],
    );
    expect(photos.map((p) => [p.file.name, p.type])).toEqual([
      ['a.png', 'png'],
      ['b.jpg', 'jpg'],
    ]);
    expect(refused).toEqual([
      { name: 'photo.jpg', reason: 'type' },
      { name: 'huge.jpg', reason: 'size' },
    ]);
    const full = Array.from({ length: STUDIO_LIMITS.files }, (_, i) => ({
      file: file(`${i}.jpg`, JPEG),
      type: 'jpg' as const,
    }));
    expect((await addToBatch(full, [file('one-more.jpg', JPEG)])).refused).toEqual([
      { name: 'one-more.jpg', reason: 'count' },
    ]);
    // Four photos just under 10 MB fit one job's body; a fifth would not.
    const big = (name: string) => file(name, JPEG, STUDIO_LIMITS.fileBytes - 1);
    const four = await addToBatch(
      [],
      Array.from({ length: 4 }, (_, i) => big(`${i}.jpg`)),
    );
    const more = await addToBatch(four.photos, [big('5.jpg')]);
    expect(more.refused).toEqual([{ name: '5.jpg', reason: 'total' }]);
  });

  it('keeps a job body of the most it accepts inside the server’s body limit', () => {
    const body = Math.ceil(STUDIO_LIMITS.batchBytes / 3) * 4 + STUDIO_LIMITS.files * 200;
    expect(body).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the batches kept in this browser', () => {
  it('lists them newest first per user, and drops those the server has deleted after 24 hours', () => {
    const now = Date.now();
    saveJob(7, {
      id: 'job_old',
      app: 1,
      names: ['a.jpg'],
      created: new Date(now - 25 * 3_600_000).toISOString(),
    });
    saveJob(7, { id: 'job_a', app: 1, names: ['a.jpg'], created: new Date(now - 3_600_000).toISOString() });
    saveJob(7, { id: 'job_b', app: 2, names: ['b.jpg'], created: new Date(now).toISOString() });
    saveJob(8, { id: 'job_c', app: 3, names: [], created: new Date(now).toISOString() });
    expect(savedJobs(7, now).map((job) => job.id)).toEqual(['job_b', 'job_a']);
    // Saving a job again moves it to the front without repeating it.
    saveJob(7, { id: 'job_a', app: 1, names: ['a.jpg'], created: new Date(now).toISOString() });
    expect(savedJobs(7, now).map((job) => job.id)).toEqual(['job_a', 'job_b']);
    expect(savedJobs(8, now).map((job) => job.id)).toEqual(['job_c']);
    localStorage.setItem('pixora.studio.jobs.9', 'not json');
    expect(savedJobs(9)).toEqual([]);
  });

  it('names a result after its photo and its type', () => {
    expect(resultName('IMG 1.JPG', 0, 'http://x/api/v1/media/results/k.jpg')).toBe('IMG 1-studio.jpg');
    expect(resultName('scan.png', 1, 'http://x/api/v1/media/results/k.png')).toBe('scan-studio.png');
    expect(resultName(undefined, 2, 'http://x/r.jpg')).toBe('photo-3-studio.jpg');
  });
});
