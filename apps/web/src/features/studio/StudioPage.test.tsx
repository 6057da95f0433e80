import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import type { DemoControl } from '@pixora/catalog';
import type { MenuEntry } from '../../api/menu.ts';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { resetSessionForTests } from '../account/session.ts';
import { sampleApp } from '../console/consoleTestData.ts';
import type { StudioJob } from './studioApi.ts';
import { StudioPage } from './StudioPage.tsx';
import { savedJobs } from './studioJobs.ts';

const text = (en: string) => ({ zh: en, zh_tw: en, en });
/** Two of v1/studio's parameters as the server's menu gives them (read from the contract). */
const controls: DemoControl[] = [
  { name: 'smooth', type: 'number', minimum: 0, maximum: 100, default: 50, description: text('Smoothing') },
  { name: 'hdr', type: 'number', minimum: 0, maximum: 100, default: 0, description: text('Tone') },
];
const studioEntry: MenuEntry = {
  Id: 1008,
  ParentId: 0,
  Name: 'Solutions',
  NameI18N: '{}',
  Comment: '',
  CommentI18N: '{}',
  Extension: '{}',
  Url: '/algorithm/solution',
  Endpoint: '',
  MenuType: 2,
  Display: 0,
  Status: 4,
  Children: [
    {
      Id: 176,
      ParentId: 1008,
      Name: 'Studio',
      NameI18N: '{}',
      Comment: '',
      CommentI18N: '{}',
      Extension: JSON.stringify({
        key: 'studio-solution',
        available: true,
        demo: { images: 1, samples: [], controls },
      }),
      Url: '/algorithm/solution/studioSolution',
      Endpoint: 'v1/studio',
      MenuType: 2,
      Display: 0,
      Status: 2,
      Children: [],
    },
  ],
};
const menu = { code: 0, message: 'ok', data: { data: [studioEntry] } };

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
const photo = (name: string, bytes = JPEG) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

const job = (fields: Partial<StudioJob> = {}): StudioJob => ({
  job_id: 'job_0123456789abcdef01234567',
  capability: 'v1/studio',
  status: 'queued',
  total: 2,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
  progress: 0,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  finished_at: null,
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  callback: null,
  items: [
    { index: 0, status: 'queued' },
    { index: 1, status: 'queued' },
  ],
  ...fields,
});

const finished = job({
  status: 'done',
  succeeded: 1,
  failed: 1,
  progress: 1,
  finished_at: new Date().toISOString(),
  items: [
    {
      index: 0,
      status: 'succeeded',
      answer: {
        media_info_list: [
          {
            media_data: 'http://localhost/api/v1/media/results/abc.jpg',
            media_profiles: { media_data_type: 'url' },
            media_extra: { face_num: 1 },
          },
        ],
      },
    },
    { index: 1, status: 'failed', error: { ErrorCode: 20015, ErrorMsg: 'Image over the size limit' } },
  ],
});

/** A job as `GET /v1/jobs` lists it: without its items and callback. */
const summary = ({ items: _items, callback: _callback, ...rest }: StudioJob) => rest;

function serve(
  options: {
    apps?: unknown[];
    reads?: Array<() => Response>;
    /** The pages `GET /v1/jobs` answers, by cursor (none: the first page). */
    history?: Record<string, { jobs: StudioJob[]; next_cursor: string | null }>;
    cancelled?: StudioJob;
  } = {},
) {
  const reads = options.reads ?? [() => json(job({ status: 'running' })), () => json(finished)];
  const history = options.history ?? { '': { jobs: [], next_cursor: null } };
  let read = 0;
  const { fetchMock, calls } = fakeFetch(
    (url) => (url.startsWith('/api/v1/menu/') ? json(menu) : undefined),
    (url) =>
      url === '/api/v1/apps'
        ? json({ code: 0, message: 'ok', data: options.apps ?? [sampleApp()] })
        : undefined,
    (url, init) => (url === '/v1/jobs' && init?.method === 'POST' ? json(job(), 202) : undefined),
    (url) => {
      if (!url.startsWith('/v1/jobs?')) return undefined;
      const page = history[new URL(url, 'http://x').searchParams.get('cursor') ?? '']!;
      return json({ jobs: page.jobs.map(summary), next_cursor: page.next_cursor });
    },
    (url, init) =>
      url.startsWith('/v1/jobs/') && init?.method === 'DELETE' && options.cancelled
        ? json(options.cancelled)
        : undefined,
    (url) =>
      url.endsWith('/results.zip')
        ? new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip' } })
        : undefined,
    (url) => (url.startsWith('/v1/jobs/') ? reads[Math.min(read++, reads.length - 1)]!() : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const render = (path = '/admin/studio') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <StudioPage />
    </MemoryRouter>,
    'en',
  );

describe('the studio page', () => {
  beforeEach(() => {
    resetSessionForTests({ domainChecked: true, token: 'tok', userId: 7, roles: ['developer'] });
    document.cookie = 'Admin-Token=tok; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'Admin-Token=; path=/; max-age=0';
  });

  it('sends a developer without an enabled app to create one', async () => {
    serve({ apps: [sampleApp({ status: 'disabled' })] });
    await render();
    const note = await screen.findByTestId('studio-no-apps');
    expect(note.textContent).toContain('You have no enabled app yet');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/admin/appManager/apply?type=api');
  });

  it('states the limits and leaves out what is not a JPEG or PNG before anything is uploaded', async () => {
    const calls = serve();
    await render();
    expect((await screen.findByTestId('studio-limits')).textContent).toBe(
      'JPEG or PNG only, each under 10 MB; at most 100 photos and 47 MB in one batch.',
    );
    // A text file named like a photo is told by its bytes.
    fireEvent.change(screen.getByTestId('studio-files'), {
      target: {
        files: [photo('a.jpg'), new File(['hello'], 'notes.jpg', { type: 'image/jpeg' }), photo('b.jpg')],
      },
    });
    const refused = await screen.findByTestId('studio-refused');
    expect(refused.textContent).toBe('notes.jpg: not a JPEG or PNG photo');
    expect(screen.getByTestId('studio-selected').textContent).toMatch(/^Photos ready: 2 /);
    // Nothing is uploaded (the page only lists the app's batches).
    expect(calls.some((call) => call.url.startsWith('/v1/jobs') && call.init?.method === 'POST')).toBe(false);
    // The recipe's controls come from the contract, with its defaults.
    expect(screen.getByRole('slider', { name: 'Smoothing smooth' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('slider', { name: 'Tone hdr' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('submits the batch as the chosen app, follows its progress and shows each photo’s outcome', async () => {
    const calls = serve();
    await render();
    await screen.findByTestId('studio-form');
    expect(screen.getByTestId('studio-app-note').textContent).toContain('“Selfie Studio”');
    fireEvent.change(screen.getByTestId('studio-files'), {
      target: { files: [photo('first.jpg'), photo('second.jpg')] },
    });
    await screen.findByTestId('studio-selected');
    fireEvent.click(screen.getByTestId('studio-submit'));

    const jobCard = await screen.findByTestId('studio-job');
    const post = calls.find((call) => call.url === '/v1/jobs')!;
    const headers = post.init!.headers as Record<string, string>;
    expect(headers['x-pixora-app']).toBe('12');
    expect(headers.Authorization).toBe('Bearer tok');
    const body = JSON.parse(String(post.init!.body)) as {
      capability: string;
      parameter: Record<string, unknown>;
      items: Array<{ media_info_list: Array<{ media_data: string; media_profiles: object }> }>;
    };
    expect(body.capability).toBe('v1/studio');
    expect(body.parameter).toEqual({ smooth: 50, hdr: 0 });
    expect(body.items).toHaveLength(2);
    expect(body.items[0]!.media_info_list[0]).toEqual({
      media_data: btoa(String.fromCharCode(...JPEG)),
      media_profiles: { media_data_type: 'jpg' },
    });

    // The job is kept in this browser and in the address: leaving the page loses nothing.
    expect(savedJobs(7).map((saved) => [saved.id, saved.app, saved.names])).toEqual([
      ['job_0123456789abcdef01234567', 12, ['first.jpg', 'second.jpg']],
    ]);
    await waitFor(() => expect(jobCard.getAttribute('data-status')).toBe('done'), { timeout: 5000 });
    expect(screen.getByTestId('studio-progress').textContent).toBe(
      '2 of 2 photos processed: 1 retouched, 1 failed',
    );
    const [ok, failed] = screen.getAllByTestId('studio-item');
    expect(within(ok!).getByTestId('studio-thumb').getAttribute('alt')).toBe('Retouched first.jpg');
    expect(within(ok!).getByTestId('studio-download').getAttribute('download')).toBe('first-studio.jpg');
    expect(ok!.textContent).toContain('Faces beautified: 1');
    // A failure reads the catalogue's message in the page's language, with its code.
    expect(within(failed!).getByTestId('studio-item-error').textContent).toContain('(20015)');
    expect(within(failed!).queryByTestId('studio-thumb')).toBeNull();
    // The app's batches are read again from the server once the batch has started.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/v1/jobs?')).length).toBeGreaterThanOrEqual(2),
    );
    const list = calls.filter((call) => call.url.startsWith('/v1/jobs?')).at(-1)!;
    expect(list.url).toBe('/v1/jobs?limit=10');
    expect((list.init!.headers as Record<string, string>)['x-pixora-app']).toBe('12');
  });

  it('downloads all results as one ZIP with the session and the app', async () => {
    const calls = serve({ reads: [() => json(finished)] });
    const created = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    await render(`/admin/studio?job=${finished.job_id}&app=12`);
    const zip = await screen.findByTestId('studio-zip');
    await waitFor(() => expect(zip.hasAttribute('disabled')).toBe(false));
    fireEvent.click(zip);
    await waitFor(() => expect(created).toHaveBeenCalled());
    const call = calls.find((c) => c.url.endsWith('/results.zip'))!;
    expect(call.url).toBe(`/v1/jobs/${finished.job_id}/results.zip`);
    expect((call.init!.headers as Record<string, string>)['x-pixora-app']).toBe('12');
    // A result whose short-lived URL has expired is said to be gone, not shown broken.
    fireEvent.error(screen.getByTestId('studio-thumb'));
    expect(screen.getByTestId('studio-thumb-gone').textContent).toContain('expired');
    expect(screen.queryByTestId('studio-thumb')).toBeNull();
  });

  it('lists the app’s batches from the server, those started elsewhere too, a page at a time, and opens one', async () => {
    const fromCli = job({
      job_id: 'job_aaaaaaaaaaaaaaaaaaaaaaaa',
      status: 'running',
      total: 30,
      created_at: '2026-11-27T01:00:00.000Z',
    });
    const older = { ...finished, job_id: 'job_bbbbbbbbbbbbbbbbbbbbbbbb', capability: 'v2/facepoints' };
    const calls = serve({
      history: {
        '': { jobs: [fromCli], next_cursor: 'page2' },
        page2: { jobs: [older], next_cursor: null },
      },
      reads: [() => json(older)],
    });
    await render();
    const history = await screen.findByTestId('studio-recent');
    expect(history.textContent).toContain('Every batch of the app “Selfie Studio”');
    await waitFor(() => expect(within(history).getAllByTestId('studio-recent-job')).toHaveLength(1));
    const first = within(history).getByTestId('studio-recent-job');
    expect(first.textContent).toContain('job_aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(first.textContent).toContain('Running');
    expect(first.textContent).toContain('photos: 30');
    // A job of the studio's own endpoint does not name it; another capability's does.
    expect(first.textContent).not.toContain('v1/studio');
    fireEvent.click(within(history).getByTestId('studio-recent-more'));
    await waitFor(() => expect(within(history).getAllByTestId('studio-recent-job')).toHaveLength(2));
    const second = within(history).getAllByTestId('studio-recent-job')[1]!;
    expect(second.textContent).toContain('Finished');
    expect(second.textContent).toContain('v2/facepoints');
    expect(calls.some((call) => call.url === '/v1/jobs?limit=10&cursor=page2')).toBe(true);
    expect(within(history).queryByTestId('studio-recent-more')).toBeNull();
    // Opened without local photo names: the photos are numbered.
    fireEvent.click(within(second).getByRole('button', { name: 'Open job_bbbbbbbbbbbbbbbbbbbbbbbb' }));
    const panel = await screen.findByTestId('studio-job');
    await waitFor(() => expect(panel.getAttribute('data-status')).toBe('done'));
    expect(screen.getAllByTestId('studio-item')[0]!.textContent).toContain('#1');
  });

  it('cancels a running batch after a confirmation: the photos not started show as cancelled, not failed', async () => {
    const running = job({
      status: 'running',
      total: 3,
      items: [
        { index: 0, status: 'running' },
        { index: 1, status: 'queued' },
        { index: 2, status: 'queued' },
      ],
    });
    const cancelled = job({
      status: 'cancelled',
      total: 3,
      succeeded: 1,
      cancelled: 2,
      progress: 1,
      finished_at: new Date().toISOString(),
      items: [finished.items[0]!, { index: 1, status: 'cancelled' }, { index: 2, status: 'cancelled' }],
    });
    const calls = serve({ reads: [() => json(running)], cancelled });
    await render(`/admin/studio?job=${running.job_id}&app=12`);
    const panel = await screen.findByTestId('studio-job');
    await waitFor(() => expect(panel.getAttribute('data-status')).toBe('running'));
    fireEvent.click(screen.getByTestId('studio-cancel'));
    // Nothing is cancelled until the question is answered.
    expect(await screen.findByText('Cancel this batch?')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(panel.getAttribute('data-status')).toBe('cancelled'));
    const del = calls.find((call) => call.init?.method === 'DELETE')!;
    expect(del.url).toBe(`/v1/jobs/${running.job_id}`);
    expect((del.init!.headers as Record<string, string>)['x-pixora-app']).toBe('12');
    expect(screen.getByTestId('studio-status').textContent).toContain('Cancelled');
    expect(screen.getByTestId('studio-progress').textContent).toBe(
      '1 of 3 photos processed: 1 retouched, 0 failed, 2 cancelled',
    );
    const items = screen.getAllByTestId('studio-item');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'succeeded',
      'cancelled',
      'cancelled',
    ]);
    expect(items[1]!.textContent).toContain('Cancelled');
    expect(within(items[1]!).queryByTestId('studio-item-error')).toBeNull();
    // A cancelled batch offers no second cancellation.
    expect(screen.queryByTestId('studio-cancel')).toBeNull();
  });

  it('says so when the server no longer keeps a batch', async () => {
    serve({ reads: [() => json({ ErrorCode: 10004, ErrorMsg: 'no such job, or it has expired' }, 404)] });
    await render('/admin/studio?job=job_gone&app=12');
    expect((await screen.findByTestId('studio-job-error')).textContent).toContain(
      'deleted 24 hours after they start',
    );
  });
});
