import { SESSION_APP_HEADER } from '../../api/gateway.ts';
import { ApiError, callHeaders, failureFromBody, request } from '../../api/http.ts';
import { readAsDataUrl } from '../algorithm/demo-kit/imageSource.ts';
import type { JobItem, JobList, JobSummary, JobView } from '@pixora/catalog';
import type { StudioPhoto } from './studioFiles.ts';

/**
 * A studio job and its items as the job routes answer them: the catalogue's job schema (the
 * server's answer schema and the SDK's generated types are made from the same definition).
 */
export type StudioJob = JobView;
export type StudioJobItem = JobItem;

/** What the page reads of an item's answer: v1/studio's result picture and the faces it beautified. */
interface StudioAnswer {
  media_info_list: Array<{ media_data?: string; media_extra?: { face_num?: number } }>;
}

/** The answer of an item (a job's answers are the capability's, typed `unknown` by the job schema). */
export const studioAnswerOf = (item: StudioJobItem): StudioAnswer | undefined =>
  item.answer as StudioAnswer | undefined;

/**
 * A job is over once it has finished (`finished_at`): done, or cancelled with none of its items
 * still running. A cancelled job may still have running items that finish and are kept.
 */
export const jobOver = (job: Pick<JobSummary, 'finished_at'>) => job.finished_at !== null;

/** The result picture of an item (a short-lived URL), once it succeeded. */
export const resultUrlOf = (item: StudioJobItem): string | null => {
  const media = studioAnswerOf(item)?.media_info_list[0];
  return item.status === 'succeeded' && media?.media_data ? media.media_data : null;
};

/** Jobs a page of the studio's history asks for. */
export const HISTORY_PAGE = 10;

/** The job routes as the signed-in developer's app `app`: the session goes as the bearer token. */
const asApp = (app: number) => ({ [SESSION_APP_HEADER]: String(app) });

/** A photo as one job item: its bytes untouched, as base64 (the data URL's part after the comma). */
async function photoMedia(photo: StudioPhoto) {
  const dataUrl = await readAsDataUrl(photo.file);
  return {
    media_info_list: [
      {
        media_data: dataUrl.slice(dataUrl.indexOf(',') + 1),
        media_profiles: { media_data_type: photo.type },
      },
    ],
  };
}

export const studioApi = {
  /** Submits the photos with the recipe as one job of `endpoint`; answers the job at once (202). */
  submit: async (app: number, endpoint: string, parameter: Record<string, unknown>, photos: StudioPhoto[]) =>
    request<StudioJob>('/v1/jobs', {
      body: { capability: endpoint, parameter, items: await Promise.all(photos.map(photoMedia)) },
      headers: asApp(app),
    }),
  job: (app: number, id: string) =>
    request<StudioJob>(`/v1/jobs/${encodeURIComponent(id)}`, { headers: asApp(app) }),
  /** A page of the app's jobs, newest first (`GET /v1/jobs`): those of the CLI and the API too. */
  jobs: (app: number, cursor?: string) =>
    request<JobList>('/v1/jobs', { query: { limit: HISTORY_PAGE, cursor }, headers: asApp(app) }),
  /** Cancels a job (`DELETE /v1/jobs/{id}`): photos not started never run; the job as it stands. */
  cancel: (app: number, id: string) =>
    request<StudioJob>(`/v1/jobs/${encodeURIComponent(id)}`, { method: 'DELETE', headers: asApp(app) }),
  /** The job's result pictures and job.json in one ZIP (`results.zip`), as a blob to save. */
  zip: async (app: number, id: string): Promise<Blob> => {
    const path = `/v1/jobs/${encodeURIComponent(id)}/results.zip`;
    const response = await fetch(path, {
      headers: { ...callHeaders(), Accept: 'application/zip, application/json', ...asApp(app) },
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as unknown;
      throw new ApiError(failureFromBody(response.status, body, response.statusText), body, path);
    }
    return response.blob();
  },
};

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
