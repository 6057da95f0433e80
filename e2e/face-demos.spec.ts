import { expect, test, type Page } from '@playwright/test';
import { facePhotos, womanOfSample1 } from './support/face-photos.ts';

/** The face family's demo pages, against the real platform (real models) on real photos. */

const page$ = (group: string, slug: string, lang: string) => `/algorithm/${group}/${slug}?lang=${lang}`;
const ANALYSIS_TIMEOUT = { timeout: 30_000 };

async function pickSample(scope: Page | ReturnType<Page['getByTestId']>, file: string) {
  await scope.locator(`[data-sample="${file}"]`).click();
}

test.describe('face demos', () => {
  test('face detection boxes the three faces of an uploaded group photo', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceDetect', 'en'));
    await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.groupOfThree);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('face-box')).toHaveCount(3, ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('demo-result-count')).toHaveText('Faces detected: 3');
    await expect(page.getByTestId('face-score')).toHaveCount(3);
    // The result is also written out, not only drawn: one list entry per face, the JSON on demand.
    await expect(page.getByTestId('demo-face-item')).toHaveCount(3);
    await page.getByText('Raw JSON response').click();
    await expect(page.getByTestId('demo-result-json')).toContainText('"face_num": 3');
  });

  test('the server-version detector finds the astronaut', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceDetectServer', 'zh'));
    await pickSample(page, 'astronaut.jpg');
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('检测到人脸：1', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('face-box')).toHaveCount(1);
  });

  test('face analysis reads the astronaut as a woman and gives her age', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceanalysis', 'en'));
    await pickSample(page, 'astronaut.jpg');
    await page.getByTestId('demo-analyse').click();
    const table = page.getByRole('table', { name: 'Face 1' });
    await expect(table).toBeVisible(ANALYSIS_TIMEOUT);
    await expect(
      table
        .getByRole('row', { name: /Gender/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('Female');
    await expect(table.getByRole('row', { name: /Age/ }).getByRole('cell').first()).toHaveText(
      /^\d{2} years$/,
    );
    // She wears no glasses; every attribute the engine measures has its translated row.
    await expect(
      table
        .getByRole('row', { name: /Glasses/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('No glasses');
    await expect(table.locator('tbody tr')).toHaveCount(8);
    await expect(page.getByTestId('face-pose')).toContainText('Yaw');
  });

  test('face analysis in Traditional Chinese', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceanalysis', 'zh_tw'));
    await pickSample(page, 'astronaut.jpg');
    await page.getByTestId('demo-analyse').click();
    const table = page.getByRole('table', { name: '人臉 1' });
    await expect(table.getByRole('row', { name: /性別/ }).getByRole('cell').first()).toHaveText(
      '女',
      ANALYSIS_TIMEOUT,
    );
    await expect(table.getByRole('row', { name: /年齡/ }).getByRole('cell').first()).toHaveText(/^\d{2} 歲$/);
  });

  test('facial feature analysis tables the features and charts the face shape', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'facecharacter', 'en'));
    await pickSample(page, 'astronaut.jpg');
    await page.getByTestId('demo-analyse').click();
    const table = page.getByTestId('face-features');
    await expect(table).toBeVisible(ANALYSIS_TIMEOUT);
    for (const label of ['Face shape', 'Cheekbone', 'Eyes', 'Eyebrow', 'Nose', 'Lips', 'Chin'])
      await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    await expect(page.getByTestId('face-shape-chart').getByRole('row')).toHaveCount(6);
  });

  test('face comparison says the astronaut and her mirror image are the same person', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceRecognition', 'en'));
    const [left, right] = [page.getByTestId('compare-side-1'), page.getByTestId('compare-side-2')];
    await pickSample(left, 'astronaut.jpg');
    await pickSample(right, 'astronaut-mirrored.jpg');
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('compare-decision')).toHaveText('Same person', ANALYSIS_TIMEOUT);
    await expect(left.getByTestId('face-box')).toHaveCount(1);
    await expect(right.getByTestId('face-box')).toHaveCount(1);
    // Each box is drawn in the size of its own photo, as the answer gives it.
    await expect(left.getByTestId('face-overlay')).toHaveAttribute('viewBox', '0 0 512 512');
    await expect(right.getByTestId('face-overlay')).toHaveAttribute('viewBox', '0 0 400 400');
    const similarity = Number(await page.getByTestId('compare-similarity').textContent());
    expect(similarity).toBeGreaterThanOrEqual(60);
  });

  test('baby recognition: the sample it names first, a baby held by its mother', async ({ page }) => {
    await page.goto(page$('diretectionPosition', 'babyRecognition', 'en'));
    await expect(page.getByTestId('demo-sample-0')).toHaveAttribute('data-sample', 'baby.jpg');
    await page.getByTestId('demo-sample-0').click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('Babies: 1 of 2 faces', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('face-verdict')).toHaveText(['Not a baby', 'Baby']);
  });

  test('baby recognition calls none of three adults a baby', async ({ page }) => {
    await page.goto(page$('diretectionPosition', 'babyRecognition', 'en'));
    await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.groupOfThree);
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('demo-result-count')).toHaveText('Babies: 0 of 3 faces', ANALYSIS_TIMEOUT);
    await expect(page.getByTestId('face-verdict')).toHaveText(['Not a baby', 'Not a baby', 'Not a baby']);
  });

  for (const [lang, text] of [
    ['en', 'No face detected'],
    ['zh', '未检测到人脸'],
  ] as const) {
    test(`a photo of a cat answers "${text}" (${lang})`, async ({ page }) => {
      await page.goto(page$('faceTechnology', 'faceanalysis', lang));
      await page.getByTestId('demo-upload-input').setInputFiles(facePhotos.cat);
      await page.getByTestId('demo-analyse').click();
      await expect(page.getByText(text, { exact: true })).toBeVisible(ANALYSIS_TIMEOUT);
      await expect(page.getByTestId('face-box')).toHaveCount(0);
    });
  }

  test('comparison names the second image when it has no face', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceRecognition', 'en'));
    await pickSample(page.getByTestId('compare-side-1'), 'astronaut.jpg');
    await pickSample(page.getByTestId('compare-side-2'), 'chelsea.jpg');
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByText('No face detected in the second image')).toBeVisible(ANALYSIS_TIMEOUT);
  });

  test('on a phone the two photos of the comparison are stacked', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(page$('faceTechnology', 'faceRecognition', 'en'));
    const first = await page.getByTestId('compare-side-1').boundingBox();
    const second = await page.getByTestId('compare-side-2').boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });

  test('face key points: the 106-point layout on request', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'facepointdetect', 'en'));
    await pickSample(page, 'astronaut.jpg');
    await page.getByText('106 points', { exact: true }).click();
    await page.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('facepoints-total')).toHaveText('106 key points', ANALYSIS_TIMEOUT);
    const dots = await page.getByTestId('face-mesh').getAttribute('d');
    expect(dots!.match(/M/g)).toHaveLength(106);
  });

  test('face search: named faces kept for this browser, the same person found first', async ({ page }) => {
    await page.goto(page$('faceTechnology', 'faceRecognition', 'en'));
    await page.getByText('Search a face set', { exact: true }).click();
    const faces = page.getByTestId('facesearch-faces');
    const search = page.getByTestId('facesearch-search');
    await expect(faces.getByText('No faces yet.')).toBeVisible();

    const add = async (name: string) => {
      await faces.getByTestId('facesearch-name').fill(name);
      await faces.getByTestId('facesearch-add').click();
      await expect(faces.getByTestId('facesearch-face').filter({ hasText: name })).toBeVisible(
        ANALYSIS_TIMEOUT,
      );
    };
    await pickSample(faces, 'astronaut.jpg');
    await add('Eileen');
    await faces.getByTestId('demo-upload-input').setInputFiles(await womanOfSample1());
    await add('Anna');
    await expect(faces.getByText('Faces in your set: 2 of 20')).toBeVisible();
    await expect(faces.getByTestId('facesearch-expiry')).toContainText('Deleted automatically on');

    await pickSample(search, 'astronaut-mirrored.jpg');
    await search.getByTestId('demo-analyse').click();
    await expect(page.getByTestId('facesearch-verdict')).toHaveText('Found: Eileen', ANALYSIS_TIMEOUT);
    const matches = page.getByTestId('facesearch-match');
    await expect(matches).toHaveCount(2);
    await expect(matches.nth(0)).toContainText('Eileen');
    await expect(matches.nth(0)).toContainText('Same person');
    await expect(matches.nth(1)).toContainText('Anna');
    await expect(matches.nth(1)).toContainText('Different person');
    await expect(search.getByTestId('face-box')).toHaveCount(1);

    // The set belongs to this browser: it is there after a reload, and another browser sees none of it.
    await page.reload();
    await page.getByText('Search a face set', { exact: true }).click();
    await expect(page.getByTestId('facesearch-face')).toHaveCount(2);
    const stranger = await page.context().browser()!.newPage();
    await stranger.goto(page$('faceTechnology', 'faceRecognition', 'en'));
    await stranger.getByText('Search a face set', { exact: true }).click();
    await expect(stranger.getByText('No faces yet.')).toBeVisible();
    await stranger.close();

    await page.getByTestId('facesearch-clear').click();
    await page.getByRole('button', { name: 'Delete all' }).last().click();
    await expect(page.getByText('No faces yet.')).toBeVisible();
  });
});
