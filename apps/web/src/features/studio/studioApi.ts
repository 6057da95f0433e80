import { SESSION_APP_HEADER } from '../../api/gateway.ts';
import { ApiError, callHeaders, failureFromBody, request } from '../../api/http.ts';
import { readAsDataUrl } from '../algorithm/demo-kit/imageSource.ts';
import type { StudioPhoto } from './studioFiles.ts';

/** One photo of a studio job as `GET /v1/jobs/{id}` shows it. */
export interface StudioJobItem {
  index: number;
  status: string;
  answer?: {
    media_info_list: Array<{
      media_data?: string;
      media_profiles?: { media_data_type?: string };
      media_extra?: { face_num?: number };
    }>;
  };
  error?: { ErrorCode: number; ErrorMsg: string };
}

/** A studio job: a job of the studio solution's endpoint (docs/decisions/0009). */
export interface StudioJob {
  job_id: string;
  capability: string;
  status: string;
  total: number;
  succeeded: number;
  failed: number;
  progress: number;
  created_at: string;
  expires_at: string;
  items: StudioJobItem[];
}

/** A job is over once none of its items waits or runs (done, or cancelled where jobs can be). */
export const jobOver = (job: Pick<StudioJob, 'status'>) =>
  job.status !== 'queued' && job.status !== 'running';

/** The result picture of an item (a short-lived URL), once it succeeded. */
export const resultUrlOf = (item: StudioJobItem): string | null => {
  const media = item.answer?.media_info_list[0];
  return item.status === 'succeeded' && media?.media_data ? media.media_data : null;
};

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
