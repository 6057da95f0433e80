import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Language } from '../../../../i18n/language.ts';
import { fakeFetch, json, renderWithProviders } from '../../../../test/render.tsx';
import { errors, faceSearch } from '../face-kit/fixtures/index.ts';
import { faceItem, staticSamples, type SentBody } from '../face-kit/faceDemoTesting.ts';
import { FaceRecognitionDemo } from '../facecompare/FaceRecognitionDemo.tsx';

const item = faceItem('v1/face_compare', 'compare');
const token = faceSearch.create.media_info_list[0]!.media_extra.faceset_token;
const eileen = faceSearch.detail.media_info_list[0]!.media_extra.faces[0]!;

/**
 * A gateway holding one visitor's face set, answering with answers recorded from a running server
 * (face-kit/fixtures): empty at first, "Eileen" once the astronaut is added.
 */
function visitorGateway(options: { addAnswer?: { body: unknown; status: number } } = {}) {
  const sent: Array<{ endpoint: string; body: SentBody }> = [];
  let stored = false;
  const emptyDetail = structuredClone(faceSearch.detail);
  emptyDetail.media_info_list[0]!.media_extra.faces = [];
  emptyDetail.media_info_list[0]!.media_extra.face_count = 0;
  const answers: Record<string, () => Response> = {
    '/v1/faceset/list': () => json(stored ? faceSearch.list : faceSearch.listEmpty),
    '/v1/faceset/detail': () => json(stored ? faceSearch.detail : emptyDetail),
    '/v1/faceset/create': () => json(faceSearch.create),
    '/v1/faceset/add_face': () => {
      if (options.addAnswer) return json(options.addAnswer.body, options.addAnswer.status);
      stored = true;
      return json(faceSearch.addAstronaut);
    },
    '/v1/faceset/remove_face': () => {
      stored = false;
      return json({ ...faceSearch.addAstronaut, media_info_list: [{ media_extra: { face_count: 0 } }] });
    },
    '/v1/face_search': () => json(faceSearch.searchMirrored),
  };
  const { fetchMock } = fakeFetch(staticSamples, (url, init) => {
    const answer = answers[url];
    if (!answer) return undefined;
    sent.push({ endpoint: url.slice(1), body: JSON.parse(String(init?.body)) as SentBody });
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, endpoints: () => sent.map((call) => call.endpoint) };
}

async function openSearch(language: Language = 'en', label = 'Search a face set') {
  await renderWithProviders(<FaceRecognitionDemo item={item} />, language);
  fireEvent.click(await screen.findByText(label));
  return screen.findByTestId('facesearch-demo');
}

const sides = (demo: HTMLElement) => [
  within(demo).getByTestId('facesearch-faces'),
  within(demo).getByTestId('facesearch-search'),
];

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('face search on the faceRecognition page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a named face, then finds her in a mirrored photo as the same person', async () => {
    const gateway = visitorGateway();
    const demo = await openSearch();
    expect(await within(demo).findByText('No faces yet.')).toBeTruthy();
    const [faces, search] = sides(demo) as [HTMLElement, HTMLElement];

    fireEvent.click(await within(faces).findByTestId('demo-sample-0'));
    expect(within(faces).getByTestId('facesearch-add')).toHaveProperty('disabled', true);
    fireEvent.change(within(faces).getByTestId('facesearch-name'), { target: { value: ' Eileen ' } });
    fireEvent.click(within(faces).getByTestId('facesearch-add'));

    await within(faces).findByText('Eileen');
    // One set made for this visitor, then the face added to it with its name and photo.
    expect(gateway.endpoints()).toEqual(
      expect.arrayContaining(['v1/faceset/list', 'v1/faceset/create', 'v1/faceset/add_face']),
    );
    const added = gateway.sent.find((call) => call.endpoint === 'v1/faceset/add_face')!.body;
    expect(added.parameter).toEqual({ faceset_token: token, face_name: 'Eileen' });
    expect(added.media_info_list[0]!.media_profiles.media_data_type).toBe('jpg');
    expect(within(faces).getAllByTestId('facesearch-face')).toHaveLength(1);
    expect(within(faces).getByText('Faces in your set: 1 of 20')).toBeTruthy();
    expect(within(faces).getByTestId('facesearch-expiry').textContent).toMatch(/^Deleted automatically on /);
    // The thumbnail crops the photo the face was added from.
    const thumb = within(faces).getByTestId('facesearch-face').querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe('/samples/astronaut.jpg');

    const mirrored = (await within(search).findAllByRole('button')).find(
      (button) => button.getAttribute('data-sample') === 'astronaut-mirrored.jpg',
    )!;
    fireEvent.click(mirrored);
    fireEvent.click(within(search).getByTestId('demo-analyse'));
    expect((await screen.findByTestId('facesearch-verdict')).textContent).toBe('Found: Eileen');
    const searched = gateway.sent.find((call) => call.endpoint === 'v1/face_search')!.body;
    expect(searched.parameter).toEqual({ faceset_token: token, top_n: 5 });
    const [match] = screen.getAllByTestId('facesearch-match');
    expect(match!.textContent).toContain('93.76');
    expect(match!.textContent).toContain('Same person');
    // The searched face is boxed in the size the answer gives.
    expect(within(search).getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 400 400');
    expect(within(search).getByTestId('face-box').getAttribute('x')).toBe('188');
    expect(within(search).getByTestId('face-caption').textContent).toBe('Eileen');
  });

  it('says in the visitor language that a photo has no face, and stores nothing', async () => {
    visitorGateway({ addAnswer: { body: errors.faceSearchAddNoFace, status: 400 } });
    const demo = await openSearch('zh', '人脸库搜索');
    const [faces] = sides(demo) as [HTMLElement];
    fireEvent.click(
      (await within(faces).findAllByRole('button')).find(
        (button) => button.getAttribute('data-sample') === 'chelsea.jpg',
      )!,
    );
    fireEvent.change(within(faces).getByTestId('facesearch-name'), { target: { value: '猫' } });
    fireEvent.click(within(faces).getByTestId('facesearch-add'));
    expect(await screen.findByText('未检测到人脸')).toBeTruthy();
    expect(within(faces).queryAllByTestId('facesearch-face')).toHaveLength(0);
    expect(within(faces).getByText('还没有人脸。')).toBeTruthy();
  });

  it('removes a stored face, and cannot search an empty set', async () => {
    const gateway = visitorGateway();
    const demo = await openSearch('zh_tw', '人臉庫搜尋');
    const [faces, search] = sides(demo) as [HTMLElement, HTMLElement];
    fireEvent.click(await within(faces).findByTestId('demo-sample-0'));
    fireEvent.change(within(faces).getByTestId('facesearch-name'), { target: { value: 'Eileen' } });
    fireEvent.click(within(faces).getByTestId('facesearch-add'));
    await within(faces).findByText('Eileen');

    fireEvent.click(within(faces).getByRole('button', { name: '移除 Eileen' }));
    await waitFor(() => expect(within(faces).queryAllByTestId('facesearch-face')).toHaveLength(0));
    const removed = gateway.sent.find((call) => call.endpoint === 'v1/faceset/remove_face')!.body;
    expect(removed.parameter).toEqual({ faceset_token: token, face_token: eileen.face_token });
    fireEvent.click(await within(search).findByTestId('demo-sample-0'));
    expect(within(search).getByTestId('demo-analyse')).toHaveProperty('disabled', true);
    expect(within(search).getByText('請先新增至少一張人臉。')).toBeTruthy();
  });
});
