import { expect, test, type Locator } from '@playwright/test';
import { facePhotos } from './support/face-photos.ts';

/**
 * Capabilities served through the demo of their output kind, with no page code of their own:
 * the demo is built from the contract (view, controls, samples) the menu entry carries. Real
 * platform, real models, real photos.
 */

const ANALYSIS_TIMEOUT = { timeout: 30_000 };

/** What a person sees of an image's colour: the mean spread of its channels (0 for grey). */
function meanChannelSpread(image: Locator): Promise<number> {
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let total = 0;
    for (let i = 0; i < data.length; i += 4)
      total +=
        Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
    return total / (data.length / 4);
  });
}

test.describe('kind demos', () => {
  test('body key points: the three women of an uploaded photo, each with her skeleton', async ({ page }) => {
    await page.goto('/algorithm/bodyTechnology/BodyPose?lang=en');
    await expect(page.getByTestId('kind-demo-points')).toBeVisible();
    // The contract's parameters, offered with their defaults.
    await expect(page.getByLabel(/max_person_num$/)).toHaveValue('6');
    await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.groupOfThree);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('People found: 3', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(3);
    // 14 points a person, with the skeleton's 13 lines.
    await expect(page.getByTestId('kind-point')).toHaveCount(42);
    await expect(page.getByTestId('kind-edge')).toHaveCount(39);
  });

  test('body key points: nobody on the cat, said in Chinese', async ({ page }) => {
    await page.goto('/algorithm/bodyTechnology/BodyPose?lang=zh');
    await page.locator('[data-sample="chelsea.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('kind-empty')).toContainText('未检测到目标', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(0);
  });

  test('human detection: a box around each of the three women of an uploaded photo', async ({ page }) => {
    await page.goto('/algorithm/bodyTechnology/HumanDetect?lang=en');
    await expect(page.getByTestId('kind-demo-boxes')).toBeVisible();
    await expect(page.getByLabel(/max_person_num$/)).toHaveValue('20');
    await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.groupOfThree);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('People found: 3', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(3);
  });

  test('hand gestures: the open hand of the sample, its 21 points and its gesture by name', async ({
    page,
  }) => {
    await page.goto('/algorithm/bodyTechnology/handGesture?lang=en');
    await expect(page.getByTestId('kind-demo-points')).toBeVisible();
    await expect(page.getByLabel(/max_hand_num$/)).toHaveValue('4');
    // The sample the contract names first: an open hand lying palm up.
    await expect(page.getByTestId('demo-sample-0')).toHaveAttribute('data-sample', 'hand-open.jpg');
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('Hands found: 1', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-point')).toHaveCount(21);
    await expect(page.getByTestId('kind-attributes')).toContainText('Open palm (number 5)');
    await expect(page.getByTestId('kind-attributes')).toContainText('Left hand');
  });

  test('hand gestures: the raised index finger of the second sample, "pointing (1)" in Simplified Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/bodyTechnology/handGesture?lang=zh');
    await expect(page.getByTestId('demo-sample-1')).toHaveAttribute('data-sample', 'hand-pointing.jpg');
    await page.getByTestId('demo-sample-1').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('kind-point')).toHaveCount(21, ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-attributes')).toContainText('食指指向（数字 1）');
  });

  test('hand gestures: no hand on the coffee cup, "No gesture detected" in Traditional Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/bodyTechnology/handGesture?lang=zh_tw');
    await page.locator('[data-sample="coffee.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('kind-empty')).toContainText('未偵測到手勢', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(0);
  });

  test('portrait segmentation: the mask over the astronaut, its opacity, and both PNGs to download', async ({
    page,
  }) => {
    await page.goto('/algorithm/bodyTechnology/segmentEx?lang=en');
    await expect(page.getByTestId('kind-demo-mask')).toBeVisible();
    // The samples the contract names come first.
    await expect(page.getByTestId('demo-sample-0')).toHaveAttribute('data-sample', 'astronaut.jpg');
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('mask-layer')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('mask-ratio')).toContainText('Foreground');
    // The opacity slider, by keyboard: the layer follows.
    const before = Number(await page.getByTestId('mask-layer').getAttribute('opacity'));
    await page.getByRole('slider').last().focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('mask-layer')).toHaveAttribute('opacity', '0');
    expect(before).toBeGreaterThan(0);
    await expect(page.getByTestId('mask-download-cutout')).toHaveAttribute(
      'href',
      /^data:image\/png;base64,/,
    );
    await expect(page.getByTestId('mask-download-mask')).toHaveAttribute('href', /^data:image\/png;base64,/);
    const cutout = await page.getByTestId('mask-cutout').evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(cutout).toEqual({ width: 512, height: 512 });
    // Under the demo, the example the server made from this capability's own answer on its sample.
    const examples = page.getByTestId('effect-examples');
    await expect(examples).toBeVisible({ timeout: 60_000 });
    const made = await page.getByTestId('effect-after').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { src: img.getAttribute('src'), width: img.naturalWidth };
    });
    expect(made).toEqual({ src: '/api/v1/effect/image/186-0.png', width: 512 });
  });

  test('face parsing: the labels of the astronaut painted over her, with the legend in Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageRecognition/faceSegment?lang=zh');
    await expect(page.getByTestId('kind-demo-mask')).toBeVisible();
    await page.locator('[data-sample="astronaut.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('mask-layer')).toHaveAttribute(
      'href',
      /^data:image\/png;base64,/,
      ANALYSIS_TIMEOUT,
    );
    await expect(page.getByTestId('mask-legend').locator('li')).toHaveCount(9);
    await expect(page.getByTestId('mask-legend')).toContainText('头发');
    await expect(page.getByTestId('mask-download-mask')).toContainText('标签图');
    const painted = await page.getByTestId('mask-cutout').evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(painted).toEqual({ width: 512, height: 512 });
  });

  test('face mask: the masked astronaut sample wears one, in a table of her attributes', async ({ page }) => {
    await page.goto('/algorithm/bodyTechnology/mask?lang=en');
    await expect(page.getByTestId('kind-demo-attributes')).toBeVisible();
    await page.locator('[data-sample="masked-astronaut.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('Faces found: 1', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(1);
    const row = page.getByTestId('kind-attributes').locator('tr', { hasText: 'mask' });
    await expect(row).toContainText('1');
  });

  test('accessories: the glasses of the man in glasses, named in Traditional Chinese', async ({ page }) => {
    await page.goto('/algorithm/bodyTechnology/accessories?lang=zh_tw');
    await expect(page.getByTestId('kind-demo-boxes')).toBeVisible();
    await page.locator('[data-sample="glasses-man.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('kind-box')).toHaveCount(1, ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-item').locator('h3')).toHaveText(/眼鏡$/);
  });

  test('scene recognition: the street sample has five scenes, building first, named in Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageRecognition/sceneRecognition?lang=zh');
    await expect(page.getByTestId('kind-demo-labels')).toBeVisible();
    await page.locator('[data-sample="street.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('label-bar')).toHaveCount(5, ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('label-bar').first()).toHaveAttribute('data-label', 'building');
    await expect(page.getByTestId('label-bar').first().locator('th')).toHaveText('建筑');
    await expect(page.locator('[data-testid="label-bar"][data-label="city_street"] th')).toHaveText(
      '城市街道',
    );
  });

  test('image classification: the cat sample is a cat, named in Traditional Chinese', async ({ page }) => {
    await page.goto('/algorithm/imageRecognition/imageClassification?lang=zh_tw');
    await page.locator('[data-sample="chelsea.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.locator('[data-testid="label-bar"][data-label="cat"] th')).toHaveText(
      '貓',
      ANALYSIS_TIMEOUT,
    );
    await expect(page.locator('[data-testid="label-bar"][data-label="dog"]')).toHaveCount(0);
  });

  test("skin analysis: the astronaut's face with her skin measures named in English, cheeks outlined", async ({
    page,
  }) => {
    await page.goto('/algorithm/faceTechnology/skinAnalysis?lang=en');
    await expect(page.getByTestId('kind-demo-attributes')).toBeVisible();
    await expect(page.getByLabel(/max_face_num$/)).toHaveValue('5');
    await page.locator('[data-sample="astronaut.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('Faces found: 1', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('kind-box')).toHaveCount(1);
    // The two cheek regions the tone is measured on, drawn over her face.
    await expect(page.locator('[data-testid="kind-shape"][data-label="skin_tone"]')).toHaveCount(2);
    const table = page.getByTestId('kind-attributes');
    await expect(table).toContainText('skin_tone_category');
    await expect(table).toContainText(/Very light|Light/);
  });

  test('makeup: the astronaut made up in the Classic red look, before and after, the JPEG to download', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/makeup?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await expect(page.getByTestId('demo-sample-0')).toHaveAttribute('data-sample', 'astronaut.jpg');
    // The looks are offered as the contract's choices.
    await page.getByTestId('control-look').getByText('Classic red', { exact: true }).click();
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('image-download')).toHaveAttribute('href', /^data:image\/jpeg;base64,/);
    const size = await page.getByTestId('before-after-result').evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(size).toEqual({ width: 512, height: 512 });
  });

  test('shape tuning: the chin is a slider from -100 to 100; no face on the cat, in Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/shape_tuning?lang=zh');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const chin = page.getByRole('slider', { name: / chin$/ });
    await expect(chin).toHaveAttribute('aria-valuemin', '-100');
    await expect(chin).toHaveAttribute('aria-valuemax', '100');
    await page.locator('[data-sample="chelsea.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByText('未检测到人脸', { exact: true })).toBeVisible(ANALYSIS_TIMEOUT);
  });

  test('stickers: the materials as named pictures; the crown picked is drawn on the astronaut', async ({
    page,
  }) => {
    await page.goto('/algorithm/generateImages/emojMaterial?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const materials = page.getByRole('group', { name: /material$/ });
    await expect(materials.locator('img')).toHaveCount(11);
    await expect(materials.getByRole('radio', { name: 'Cat ears' })).toBeChecked();
    await materials.getByText('Crown', { exact: true }).click();
    await page.locator('[data-sample="astronaut.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/EmojMaterialH5'));
    await page.getByTestId('demo-analyse').click();
    const body = (await answered).request().postDataJSON() as { parameter: Record<string, unknown> };
    expect(body.parameter).toMatchObject({ material: 'crown' });
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('image-download')).toHaveAttribute('href', /^data:image\/jpeg;base64,/);
  });

  test('beard: the styles offered by name in Simplified Chinese; a goatee drawn on the astronaut', async ({
    page,
  }) => {
    await page.goto('/algorithm/generateImages/beard?lang=zh');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await page.getByTestId('control-style').getByText('山羊胡', { exact: true }).click();
    await page.locator('[data-sample="astronaut.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/beard'));
    await page.getByTestId('demo-analyse').click();
    const body = (await answered).request().postDataJSON() as { parameter: Record<string, unknown> };
    expect(body.parameter).toMatchObject({ style: 'goatee' });
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
  });

  test('filters: the looks as named pictures in Traditional Chinese; the mono look picked turns the astronaut grey', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/filter?lang=zh_tw');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const looks = page.getByRole('group', { name: /filterType$/ });
    await expect(looks.locator('img')).toHaveCount(24);
    await expect(looks.getByRole('radio', { name: '暖調膠片' })).toBeChecked();
    await looks.getByText('黑白', { exact: true }).click();
    await page.locator('[data-sample="astronaut.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/filter'));
    await page.getByTestId('demo-analyse').click();
    const response = await answered;
    const body = response.request().postDataJSON() as { parameter: Record<string, unknown> };
    expect(body.parameter).toMatchObject({ filterType: 'mono', filterAlpha: 100, beautyAlpha: 0 });
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    // What a person sees: the result has no colour left (largest channel spread over the image).
    const spread = await meanChannelSpread(page.getByTestId('before-after-result'));
    expect(spread).toBeLessThan(3);
    await expect(page.getByTestId('image-download')).toHaveAttribute('href', /^data:image\/jpeg;base64,/);
  });

  test('cartoon: the styles as named pictures in Traditional Chinese; comic picked draws the astronaut with her face', async ({
    page,
  }) => {
    await page.goto('/algorithm/generateImages/AICartoonStyle1?lang=zh_tw');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const styles = page.getByRole('group', { name: /style$/ });
    await expect(styles.locator('img')).toHaveCount(4);
    await expect(styles.getByRole('radio', { name: '動漫賽璐璐' })).toBeChecked();
    await styles.getByText('漫畫墨線', { exact: true }).click();
    await page.locator('[data-sample="astronaut.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/AICartoonStyle1'));
    await page.getByTestId('demo-analyse').click();
    const response = await answered;
    expect((response.request().postDataJSON() as { parameter: unknown }).parameter).toMatchObject({
      style: 'comic',
    });
    const answer = (await response.json()) as { media_info_list: Array<{ media_extra: unknown }> };
    expect(answer.media_info_list[0]!.media_extra).toMatchObject({ style: 'comic', face_num: 1 });
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('image-download')).toHaveAttribute('href', /^data:image\/jpeg;base64,/);
  });

  test('art styles: the pencil style picked turns the coffee sample into a grey sketch', async ({ page }) => {
    await page.goto('/algorithm/generateImages/mtstyle?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const styles = page.getByRole('group', { name: /style$/ });
    await expect(styles.locator('img')).toHaveCount(6);
    await styles.getByText('Pencil sketch', { exact: true }).click();
    await page.locator('[data-sample="coffee.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    // What a person sees: no colour left (mean channel spread over the image).
    const spread = await meanChannelSpread(page.getByTestId('before-after-result'));
    expect(spread).toBeLessThan(3);
  });

  test('night enhancement: the darkened coffee sample brightened, its gain in the answer', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/nightEnhance?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await expect(page.getByTestId('demo-sample-0')).toHaveAttribute('data-sample', 'coffee-dark.jpg');
    await page.getByTestId('demo-sample-0').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/night_denoise'));
    await page.getByTestId('demo-analyse').click();
    const answer = (await (await answered).json()) as {
      media_info_list: Array<{ media_extra: { gain: number } }>;
    };
    expect(answer.media_info_list[0]!.media_extra.gain).toBeGreaterThan(2);
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('demo-result-json')).toContainText('"noise_sigma"');
  });

  test('HDR: the coffee sample tone-mapped at the strength set on the slider, said in Chinese', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/HDR?lang=zh');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    const strength = page.getByRole('slider', { name: /strength$/ });
    await expect(strength).toHaveAttribute('aria-valuenow', '60');
    await strength.focus();
    await page.keyboard.press('End');
    await page.locator('[data-sample="coffee.jpg"]').click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/hdr'));
    await page.getByTestId('demo-analyse').click();
    const answer = (await (await answered).json()) as {
      media_info_list: Array<{ media_extra: Record<string, number> }>;
    };
    expect(answer.media_info_list[0]!.media_extra).toEqual({
      image_width: 600,
      image_height: 400,
      strength: 100,
    });
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('image-download')).toHaveAttribute('href', /^data:image\/jpeg;base64,/);
  });

  test('image denoising: the noisy coffee sample, before and after, the level it measured', async ({
    page,
  }) => {
    await page.goto('/algorithm/imageProcessing/imageDenoise?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await page.locator('[data-sample="noisy-coffee.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('before-after-result')).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('image-download')).toHaveAttribute('download', 'pixora-imageDenoise.jpg');
    // The sample has noise of sigma 20 added: the measured level says so.
    const json = JSON.parse((await page.getByTestId('demo-result-json').textContent()) ?? '{}') as {
      media_info_list: Array<{ media_extra: { estimated_noise: number } }>;
    };
    expect(json.media_info_list[0]!.media_extra.estimated_noise).toBeGreaterThan(14);
  });

  test('image enhancement: the small cat enlarged twice (452 px wide)', async ({ page }) => {
    await page.goto('/algorithm/imageProcessing/imageEnhance?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await page.locator('[data-sample="enhance-chelsea.jpg"]').click();
    await page.getByTestId('demo-analyse').click();
    const result = page.getByTestId('before-after-result');
    await expect(result).toBeVisible(ANALYSIS_TIMEOUT);
    const width = () => result.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    await expect.poll(width, ANALYSIS_TIMEOUT).toBe(452);
  });

  test('ID photo: the astronaut as a small 1-inch photo, 260 x 378, picked by its name', async ({ page }) => {
    await page.goto('/algorithm/generateImages/certificates?lang=en');
    await expect(page.getByTestId('kind-demo-image')).toBeVisible();
    await page.getByTestId('control-spec').getByText('Small 1 inch (260 × 378)', { exact: true }).click();
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    const result = page.getByTestId('before-after-result');
    await expect(result).toBeVisible(ANALYSIS_TIMEOUT);
    const size = () =>
      result.evaluate(
        (img) => `${(img as HTMLImageElement).naturalWidth} x ${(img as HTMLImageElement).naturalHeight}`,
      );
    await expect.poll(size, ANALYSIS_TIMEOUT).toBe('260 x 378');
  });
});
