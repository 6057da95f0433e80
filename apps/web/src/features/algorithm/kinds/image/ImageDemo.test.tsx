import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemoControl } from '@pixora/catalog';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import { gatewayAnswer, lookFilter, servedItem, styleFilter } from '../kindTesting.ts';
import { ImageDemo } from './ImageDemo.tsx';

const JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';
const answer = gatewayAnswer(styleFilter, { image_width: 512, image_height: 512 }, { media_data: JPEG });

/** The entry of the style filter, its switch with a default as a server would send it. */
function itemWithSwitch() {
  const item = servedItem('styleFilter', styleFilter, ['/samples/astronaut.jpg']);
  const controls = item.extension.demo!.controls;
  const keep = controls.findIndex((control) => control.name === 'keep_colour');
  controls[keep] = { ...controls[keep]!, default: 1 } satisfies DemoControl;
  return item;
}

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the image demo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the new image before/after over the photo, to download, and the JSON without its base64', async () => {
    await analyseSample(ImageDemo, itemWithSwitch(), { body: answer });
    const result = await screen.findByTestId('before-after-result');
    expect(result.getAttribute('src')).toBe(`data:image/jpeg;base64,${JPEG}`);
    expect(result.getAttribute('alt')).toBe('The result image');
    const handle = screen.getByRole('slider', { name: 'Split between before and after' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('45');
    const download = screen.getByTestId('image-download');
    expect(download.getAttribute('href')).toBe(`data:image/jpeg;base64,${JPEG}`);
    expect(download.getAttribute('download')).toBe('pixora-styleFilter.jpg');
    expect(screen.getByTestId('demo-result-json').textContent).toMatch(
      /"media_data": "<base64 JPEG, \d+ KB>"/,
    );
  });

  it('offers a slider, a choice, a switch and a number field from the entry, and sends what is set', async () => {
    const sent = await analyseSample(ImageDemo, itemWithSwitch(), { body: answer, language: 'zh' });
    await screen.findByTestId('before-after-result');
    expect(sent[0]!.parameter).toEqual({ strength: 70, style: 'oil', keep_colour: 1 });

    const strength = screen.getByRole('slider', { name: '风格强度。 strength' });
    expect(strength.getAttribute('aria-valuenow')).toBe('70');
    fireEvent.keyDown(strength, { key: 'ArrowRight', keyCode: 39 });
    const style = screen.getByRole('group', { name: /style$/ });
    expect(within(style).getByRole('radio', { name: 'oil' })).toHaveProperty('checked', true);
    fireEvent.click(within(style).getByRole('radio', { name: 'ink' }));
    const keep = screen.getByRole('switch', { name: /keep_colour$/ });
    expect(keep.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(keep);
    fireEvent.change(screen.getByLabelText(/seed$/), { target: { value: '42' } });

    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.parameter).toEqual({ strength: 71, style: 'ink', keep_colour: 0, seed: 42 });
  });

  it('leaves a yes/no whose default the entry does not give unset, so the server decides', async () => {
    const item = servedItem('styleFilter', styleFilter);
    const controls = item.extension.demo!.controls;
    const keep = controls.findIndex((control) => control.name === 'keep_colour');
    const { default: _known, ...unknown } = controls[keep]!;
    controls[keep] = unknown;
    const sent = await analyseSample(ImageDemo, item, { body: answer });
    await screen.findByTestId('before-after-result');
    expect(sent[0]!.parameter).toEqual({ strength: 70, style: 'oil' });
    const group = screen.getByRole('group', { name: /keep_colour$/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false]);
  });

  it('offers a choice with pictures as pictures named in the page’s language, and sends the one picked', async () => {
    const sent = await analyseSample(ImageDemo, servedItem('lookFilter', lookFilter), {
      body: gatewayAnswer(lookFilter, { image_width: 512, image_height: 512 }, { media_data: JPEG }),
      language: 'zh_tw',
    });
    await screen.findByTestId('before-after-result');
    expect(sent[0]!.parameter).toEqual({ look: 'warm' });
    const looks = screen.getByRole('group', { name: /look$/ });
    const mono = within(looks).getByRole('radio', { name: '黑白' });
    expect(within(looks).getByRole('radio', { name: '暖陽' })).toHaveProperty('checked', true);
    expect([...looks.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/samples/filters/warm.jpg',
      '/samples/filters/mono.jpg',
    ]);
    fireEvent.click(mono);
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.parameter).toEqual({ look: 'mono' });
  });

  it('says when the answer carries no image, in Chinese', async () => {
    await analyseSample(ImageDemo, itemWithSwitch(), {
      body: gatewayAnswer(styleFilter, { image_width: 512, image_height: 512 }),
      language: 'zh',
    });
    expect(await screen.findByText('返回结果中没有图片。')).toBeTruthy();
    expect(screen.queryByTestId('before-after')).toBeNull();
  });
});
