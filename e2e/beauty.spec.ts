import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { facePhotos } from './support/face-photos.ts';

/** The AI Beauty page against the real platform (real models), on the astronaut sample. */

const ANALYSIS_TIMEOUT = { timeout: 30_000 };
const beautyPage = (lang: string) => `/algorithm/faceTechnology/AIBeauty?lang=${lang}`;

test.describe('AI Beauty', () => {
  test('retouches the astronaut: before and after over the photo, the skin changed, a JPEG to download', async ({
    page,
  }) => {
    await page.goto(beautyPage('en'));
    await page.locator('[data-sample="astronaut.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v3/AIBeauty'));
    await page.getByTestId('demo-analyse').click();
    const body = (await (await answered).request().postDataJSON()) as { parameter: Record<string, unknown> };
    expect(body.parameter).toEqual({ smooth: 60, whiten: 30, slim: 20, eye: 20, rsp_media_type: 'jpg' });
    await expect(page.getByTestId('beauty-face-count')).toHaveText('Faces retouched: 1', ANALYSIS_TIMEOUT);

    // What a person sees: the face changed, the background behind her not (mean change per pixel).
    const change = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = src;
        });
      const pixels = async (src: string) => {
        const image = await load(src);
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return { data: context.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width };
      };
      const before = await pixels(
        document.querySelector<HTMLImageElement>('[data-testid=demo-preview]')!.src,
      );
      const after = await pixels(
        document.querySelector<HTMLImageElement>('[data-testid=before-after-result]')!.src,
      );
      const mean = (left: number, top: number, size: number) => {
        let sum = 0;
        for (let y = top; y < top + size; y++)
          for (let x = left; x < left + size; x++)
            for (let c = 0; c < 3; c++) {
              const i = (y * before.width + x) * 4 + c;
              sum += Math.abs(before.data[i]! - after.data[i]!);
            }
        return sum / (size * size * 3);
      };
      // Her right cheek, on the left of the photo (her face spans about x 180-270, y 70-175), and the
      // background in the top right corner.
      return { width: after.width, cheek: mean(190, 125, 24), background: mean(450, 10, 40) };
    });
    expect(change.width).toBe(512);
    expect(change.cheek).toBeGreaterThan(3);
    expect(change.background).toBeLessThan(1.5);

    // The split follows the pointer.
    const area = page.getByTestId('before-after');
    const { width, height } = (await area.boundingBox())!;
    // Hovering scrolls the photo clear of the sticky top bar, then the drag starts there.
    await area.hover({ position: { x: width * 0.5, y: height * 0.8 } });
    const box = (await area.boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.8, { steps: 4 });
    await page.mouse.up();
    const handle = page.getByRole('slider', { name: 'Split between before and after' });
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(23);
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(27);

    // The download is the retouched photo, at the size it came in.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('beauty-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('pixora-ai-beauty.jpg');
    const meta = await sharp(await readFile((await download.path())!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);

    // A setting moved after the result applies at once.
    const again = page.waitForResponse((r) => r.url().endsWith('/v3/AIBeauty'));
    const slim = page.getByRole('slider', { name: 'Face slimming' });
    await slim.focus();
    await page.keyboard.press('ArrowRight');
    const second = (await (await again).request().postDataJSON()) as { parameter: Record<string, unknown> };
    expect(second.parameter.slim).toBe(21);
    await expect(page.getByTestId('beauty-applied-slim')).toHaveText('21', ANALYSIS_TIMEOUT);
  });

  test('a photo of a cat answers "未偵測到人臉" in Traditional Chinese', async ({ page }) => {
    await page.goto(beautyPage('zh_tw'));
    await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.cat);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByText('未偵測到人臉', { exact: true })).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('before-after')).toHaveCount(0);
  });
});
