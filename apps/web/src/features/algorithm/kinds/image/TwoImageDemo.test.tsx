import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { facefusechild } from '@pixora/catalog';
import { renderWithProviders } from '../../../../test/render.tsx';
import { stubGateway } from '../../demos/face-kit/faceDemoTesting.ts';
import { gatewayAnswer, servedItem } from '../kindTesting.ts';
import { TwoImageDemo } from './TwoImageDemo.tsx';

const JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';
const face = { face_rectangle: { left: 10, top: 10, width: 50, height: 60 }, score: 0.9 };
const answer = gatewayAnswer(
  facefusechild.api,
  {
    image_width: 512,
    image_height: 512,
    face_num: 1,
    second_face_num: 1,
    gender: 'girl',
    weight: 50,
    base: 'first',
    first_face: face,
    second_face: face,
  },
  { media_data: JPEG },
);

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the two-photo image demo (v1/facefusechild)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for both photos, sends both with the parameters set, and shows the new image to download', async () => {
    const item = servedItem('facefusechild', facefusechild.api, []);
    const sent = stubGateway(item.endpoint, answer);
    await renderWithProviders(<TwoImageDemo item={item} />, 'en');
    const [left, right] = [screen.getByTestId('two-image-side-1'), screen.getByTestId('two-image-side-2')];
    fireEvent.click(await within(left).findByTestId('demo-sample-0'));
    expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', true);
    fireEvent.click(await within(right).findByTestId('demo-sample-0'));
    const gender = screen.getByRole('group', { name: /gender$/ });
    fireEvent.click(within(gender).getByRole('radio', { name: 'Girl' }));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.media_info_list).toHaveLength(2);
    expect(sent[0]!.parameter).toEqual({ gender: 'girl', weight: 50 });
    const download = await screen.findByTestId('image-download');
    expect(download.getAttribute('href')).toBe(`data:image/jpeg;base64,${JPEG}`);
    expect(screen.getByAltText('The result image').getAttribute('src')).toBe(
      `data:image/jpeg;base64,${JPEG}`,
    );
  });
});
