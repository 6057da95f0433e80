import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import { depthEstimation, faceSegment, gatewayAnswer, personSplit, servedItem } from '../kindTesting.ts';
import { DEFAULT_OPACITY, MaskDemo } from './MaskDemo.tsx';

/** A 1x1 PNG (base64): the mask and the cut-out are PNGs the size of the photo. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEANl9ngAAAAABJRU5ErkJggg==';
const item = servedItem('personSplit', personSplit, ['/samples/astronaut.jpg']);
const segmented = gatewayAnswer(
  personSplit,
  { image_width: 512, image_height: 512, mask: PNG, foreground_ratio: 0.42 },
  { media_data: PNG, media_data_type: 'png' },
);

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the mask demo (v2/segment as served)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lays the mask over the photo and lets the visitor change its opacity with the keyboard', async () => {
    const sent = await analyseSample(MaskDemo, item, { body: segmented });
    expect(await screen.findByTestId('mask-ratio')).toHaveProperty(
      'textContent',
      'Foreground: 42% of the photo',
    );

    const overlay = screen.getByTestId('mask-overlay');
    expect(overlay.getAttribute('viewBox')).toBe('0 0 512 512');
    expect(overlay.getAttribute('aria-label')).toBe('The photo with the mask laid over it');
    expect(screen.getByTestId('mask-image').getAttribute('href')).toBe(`data:image/png;base64,${PNG}`);
    const layer = screen.getByTestId('mask-layer');
    expect(layer.getAttribute('mask')).toMatch(/^url\(#mask-[\w-]+\)$/);
    expect(overlay.querySelector(`mask#${layer.getAttribute('mask')!.slice(5, -1)}`)).not.toBeNull();
    expect(layer.getAttribute('opacity')).toBe(String(DEFAULT_OPACITY / 100));

    const slider = screen.getByRole('slider', { name: 'Mask opacity' });
    expect(slider.getAttribute('aria-valuenow')).toBe(String(DEFAULT_OPACITY));
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
    expect(slider.getAttribute('aria-valuenow')).toBe(String(DEFAULT_OPACITY + 1));
    expect(screen.getByTestId('mask-layer').getAttribute('opacity')).toBe(
      String((DEFAULT_OPACITY + 1) / 100),
    );
    fireEvent.keyDown(slider, { key: 'Home', keyCode: 36 });
    expect(screen.getByTestId('mask-layer').getAttribute('opacity')).toBe('0');

    // No parameter is offered: rsp_media_type is not for the demo.
    expect(sent[0]!.parameter).toEqual({});
    expect(screen.queryByText('rsp_media_type')).toBeNull();
  });

  it('offers the cut-out and the mask for download, and shows the JSON without the base64', async () => {
    await analyseSample(MaskDemo, item, { body: segmented });
    const cutout = await screen.findByTestId('mask-download-cutout');
    expect(cutout.getAttribute('href')).toBe(`data:image/png;base64,${PNG}`);
    expect(cutout.getAttribute('download')).toBe('pixora-personSplit-cutout.png');
    const mask = screen.getByTestId('mask-download-mask');
    expect(mask.getAttribute('download')).toBe('pixora-personSplit-mask.png');
    expect(screen.getByTestId('mask-cutout').getAttribute('alt')).toBe(
      'The cut-out on a transparent background',
    );
    const json = screen.getByTestId('demo-result-json').textContent!;
    expect(json).toContain('"mask": "<base64 PNG, 0 KB>"');
    expect(json).toContain('"media_data": "<base64 PNG, 0 KB>"');
    expect(json).not.toContain(PNG);
  });

  it('links the images as they are when the answer sends addresses', async () => {
    const url = 'https://results.example/mask.png';
    await analyseSample(MaskDemo, item, {
      body: gatewayAnswer(
        personSplit,
        { image_width: 512, image_height: 512, mask: url, foreground_ratio: 0.3 },
        { media_data: 'https://results.example/cutout.png', media_data_type: 'url' },
      ),
    });
    expect((await screen.findByTestId('mask-download-mask')).getAttribute('href')).toBe(url);
    expect(screen.getByTestId('mask-image').getAttribute('href')).toBe(url);
    expect(screen.getByTestId('mask-download-cutout').getAttribute('href')).toBe(
      'https://results.example/cutout.png',
    );
  });

  it('says "Item not detected" when the mask is empty, and draws nothing', async () => {
    const empty = gatewayAnswer(
      personSplit,
      { image_width: 512, image_height: 512, mask: PNG, foreground_ratio: 0 },
      { media_data: PNG, media_data_type: 'png' },
    );
    await analyseSample(MaskDemo, item, { body: empty });
    expect((await screen.findByTestId('kind-empty')).textContent).toContain('Item not detected');
    expect(screen.queryByTestId('mask-overlay')).toBeNull();
    expect(screen.queryByTestId('mask-download-cutout')).toBeNull();
  });

  it('says "Item not detected" in Chinese', async () => {
    const empty = gatewayAnswer(personSplit, {
      image_width: 8,
      image_height: 8,
      mask: PNG,
      foreground_ratio: 0,
    });
    await analyseSample(MaskDemo, item, { body: empty, language: 'zh' });
    expect(await screen.findByText('未检测到目标')).toBeTruthy();
  });

  it('shows a label image (v1/PhotoSegment) as its painted labels with the legend', async () => {
    const legend = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => ({ value, label: `label${value}` }));
    await analyseSample(MaskDemo, servedItem('faceSegment', faceSegment, ['/samples/astronaut.jpg']), {
      body: gatewayAnswer(
        faceSegment,
        { image_width: 512, image_height: 512, mask: PNG, foreground_ratio: 0.1, legend, face_num: 1 },
        { media_data: 'https://results.example/painted.png', media_data_type: 'url' },
      ),
    });
    const names = [...(await screen.findByTestId('mask-legend')).querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(names).toEqual([
      'skin',
      'brows',
      'eyes',
      'nose',
      'upper lip',
      'lower lip',
      'inside of the mouth',
      'hair',
      'ears',
    ]);
    const overlay = screen.getByTestId('mask-overlay');
    expect(overlay.getAttribute('aria-label')).toBe('The photo with its labels painted over it');
    const layer = screen.getByTestId('mask-layer');
    expect(layer.getAttribute('href')).toBe('https://results.example/painted.png');
    expect(layer.getAttribute('opacity')).toBe(String(DEFAULT_OPACITY / 100));
    expect(screen.getByTestId('mask-download-cutout').textContent).toBe('Download the painted labels (PNG)');
    expect(screen.getByTestId('mask-download-mask').textContent).toBe('Download the label image (PNG)');
    expect(screen.getByTestId('mask-cutout').getAttribute('alt')).toBe('The labels painted in their colours');
  });

  it('shows a depth map (v1/MonoDepth) as its painting over the photo, without a legend', async () => {
    await analyseSample(MaskDemo, servedItem('depthEstimation', depthEstimation, ['/samples/street.jpg']), {
      body: gatewayAnswer(
        depthEstimation,
        { image_width: 512, image_height: 384, mask: PNG, foreground_ratio: 0.78 },
        { media_data: 'https://results.example/depth.png', media_data_type: 'url' },
      ),
    });
    const overlay = await screen.findByTestId('mask-overlay');
    expect(overlay.getAttribute('aria-label')).toBe('The photo with the painted map laid over it');
    expect(screen.getByTestId('mask-layer').getAttribute('href')).toBe('https://results.example/depth.png');
    expect(screen.queryByTestId('mask-legend')).toBeNull();
    expect(screen.getByTestId('mask-ratio').textContent).toBe(
      'Pixels with a value (not 0): 78% of the photo',
    );
    expect(screen.getByTestId('mask-download-cutout').textContent).toBe('Download the painted map (PNG)');
    expect(screen.getByTestId('mask-download-mask').textContent).toBe('Download the 16-bit map (PNG)');
    expect(screen.getByTestId('mask-cutout').getAttribute('alt')).toBe("The map's values painted in colours");
  });
});
