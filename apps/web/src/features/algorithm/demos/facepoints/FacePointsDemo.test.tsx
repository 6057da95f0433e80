import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toMenuItem } from '../../../../api/menu.ts';
import { fakeFetch, json, renderWithProviders } from '../../../../test/render.tsx';
import { menuFixture } from '../../../../test/fixtures/menu.ts';
import { FacePointsDemo } from './FacePointsDemo.tsx';
import { twoFacesResponse } from './facepoints.fixture.ts';
import { answers } from '../face-kit/fixtures/index.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../public');
const item = toMenuItem(menuFixture[0]!.Children[0]!);

const staticFiles = (url: string) => {
  if (!url.startsWith('/samples/')) return undefined;
  const bytes = readFileSync(path.join(publicDir, url));
  return new Response(bytes, {
    headers: { 'Content-Type': url.endsWith('.json') ? 'application/json' : 'image/jpeg' },
  });
};

type GatewayBody = {
  parameter: Record<string, unknown>;
  media_info_list: Array<{ media_data: string; media_profiles: { media_data_type: string } }>;
};

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('FacePointsDemo', { timeout: 20_000 }, () => {
  let gatewayBodies: GatewayBody[];

  beforeEach(() => {
    gatewayBodies = [];
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const stubGateway = (answer: () => Response) => {
    const { fetchMock } = fakeFetch(staticFiles, (url, init) => {
      if (url !== '/v2/facepoints') return undefined;
      gatewayBodies.push(JSON.parse(String(init?.body)) as GatewayBody);
      return answer();
    });
    vi.stubGlobal('fetch', fetchMock);
  };

  it('analyses a sample and draws every face with its result', async () => {
    stubGateway(() => json(twoFacesResponse));
    await renderWithProviders(<FacePointsDemo item={item} />);

    const analyse = screen.getByTestId('demo-analyse');
    expect(analyse).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    expect(screen.getByTestId('demo-preview').getAttribute('src')).toBe('/samples/astronaut.jpg');
    expect(screen.getByTestId('demo-sample-credits').textContent).toContain('NASA');

    fireEvent.click(analyse);
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Faces detected: 2');
    expect(screen.getAllByTestId('face-result')).toHaveLength(2);
    expect(screen.getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 800 600');
    expect(screen.getByText('0.980')).toBeTruthy();
    // Counted as the option names them (the "468-point mesh"), the irises apart.
    expect(screen.getAllByTestId('facepoints-total')[0]!.textContent).toBe('468-point mesh + 10 iris points');

    const sent = gatewayBodies[0]!.media_info_list[0]!;
    expect(sent.media_profiles.media_data_type).toBe('jpg');
    expect(sent.media_data.startsWith('/9j/')).toBe(true);

    // The analysed image is remembered in the history.
    expect(await screen.findByTestId('demo-history-0')).toBeTruthy();
  });

  it('sends an uploaded JPEG as base64 without the data: prefix', async () => {
    stubGateway(() => json(twoFacesResponse));
    await renderWithProviders(<FacePointsDemo item={item} />);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'me.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(screen.getByTestId('demo-upload-input'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await screen.findByTestId('demo-result-count');
    expect(gatewayBodies[0]!.media_info_list[0]).toEqual({
      media_data: '/9j/4AECAw==',
      media_profiles: { media_data_type: 'jpg' },
    });
  });

  it('sends an image URL as a url media', async () => {
    stubGateway(() => json(twoFacesResponse));
    await renderWithProviders(<FacePointsDemo item={item} />);
    fireEvent.change(screen.getByTestId('demo-url-input'), {
      target: { value: 'https://example.com/face.jpg' },
    });
    fireEvent.click(screen.getByTestId('demo-url-submit'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await screen.findByTestId('demo-result-count');
    expect(gatewayBodies[0]!.media_info_list[0]).toEqual({
      media_data: 'https://example.com/face.jpg',
      media_profiles: { media_data_type: 'url' },
    });
  });

  it('asks for a URL when the field is empty', async () => {
    stubGateway(() => json(twoFacesResponse));
    await renderWithProviders(<FacePointsDemo item={item} />);
    fireEvent.click(screen.getByTestId('demo-url-submit'));
    expect(await screen.findByText('Please fill in the image URL')).toBeTruthy();
  });

  it('refuses files of the wrong type or size', async () => {
    stubGateway(() => json(twoFacesResponse));
    await renderWithProviders(<FacePointsDemo item={item} />);
    const input = screen.getByTestId('demo-upload-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Unsupported file type')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Image type error')).toBeTruthy();
    // The demo's limit is the gateway's default (10 MB), said with its number.
    const big = new File([new Uint8Array(10 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Image size should be smaller than 10 MB')).toBeTruthy();
    expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', true);
  });

  it('shows the translated message of a gateway error', async () => {
    stubGateway(() => json({ ErrorCode: 20003, ErrorMsg: 'NO_FACE', Data: null }, 400));
    await renderWithProviders(<FacePointsDemo item={item} />, 'zh');
    fireEvent.click(await screen.findByTestId('demo-sample-1'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    expect(await screen.findByText('未检测到人脸')).toBeTruthy();
    expect(screen.getAllByText('未检测到人脸')).toHaveLength(1);
    expect(screen.queryByTestId('demo-result-count')).toBeNull();
    expect(screen.queryAllByTestId('face-result')).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem('errorInfo')!)).toMatchObject({ status: 400, code: 20003 });
  });

  it('says on the page what a recorded-only error (404) was', async () => {
    stubGateway(() =>
      json({ ErrorCode: 10023, ErrorMsg: 'This capability is not open yet', Data: null }, 404),
    );
    await renderWithProviders(<FacePointsDemo item={item} />);
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    expect((await screen.findByTestId('demo-error')).textContent).toContain(
      'This capability is not open yet',
    );
  });

  it('shows the rate-limit message', async () => {
    stubGateway(() => json({ ErrorCode: 10029, ErrorMsg: 'Operation too frequent.', Data: null }, 429));
    await renderWithProviders(<FacePointsDemo item={item} />);
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    expect(await screen.findByText('Operation too frequent.')).toBeTruthy();
    expect(screen.queryByTestId('demo-error')).toBeNull();
  });

  it('draws the 106-point layout when the visitor switches to it', async () => {
    stubGateway(() => json(answers.points106Astronaut));
    await renderWithProviders(<FacePointsDemo item={item} />, 'zh_tw');
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    // The full mesh is the default: no landmark_type is sent.
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await screen.findByTestId('facepoints-total');
    expect(gatewayBodies[0]!.parameter).toEqual({});

    fireEvent.click(screen.getByText('106 點'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(gatewayBodies).toHaveLength(2));
    expect(gatewayBodies[1]!.parameter).toEqual({ landmark_type: '106' });
    await waitFor(() => expect(screen.getByTestId('facepoints-total').textContent).toBe('106 個關鍵點'));
    // 106 dots on the face, the two pupils (points 60 and 70) drawn like irises.
    const dots = (id: string) => screen.getByTestId(id).getAttribute('d')!.match(/M/g)!.length;
    expect(dots('face-mesh')).toBe(106);
    expect(dots('face-iris')).toBe(2);
  });

  it('draws the 118-point layout when the visitor switches to it', async () => {
    stubGateway(() => json(answers.points118Astronaut));
    await renderWithProviders(<FacePointsDemo item={item} />, 'en');
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    fireEvent.click(screen.getByText('118 points'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(gatewayBodies).toHaveLength(1));
    expect(gatewayBodies[0]!.parameter).toEqual({ landmark_type: '118' });
    await waitFor(() => expect(screen.getByTestId('facepoints-total').textContent).toBe('118 key points'));
    const dots = (id: string) => screen.getByTestId(id).getAttribute('d')!.match(/M/g)!.length;
    expect(dots('face-mesh')).toBe(118);
    expect(dots('face-iris')).toBe(2);
  });
});
