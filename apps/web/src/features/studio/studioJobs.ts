import { JOB_LIMITS } from '@pixora/catalog';

/**
 * The studio jobs a signed-in developer started in this browser, with the photos' file names the
 * server does not keep: the page lists an app's jobs from the server (`GET /v1/jobs`) and names
 * the photos of those started here from local storage (per user), dropped once the server has
 * deleted the job (JOB_LIMITS.hours after submission).
 */
export interface SavedJob {
  id: string;
  app: number;
  /** The photos' file names, in the job's item order. */
  names: string[];
  /** ISO time of submission. */
  created: string;
}

/** Jobs kept in the list at most. */
export const SAVED_JOBS_MAX = 20;

const keyOf = (user: number) => `pixora.studio.jobs.${user}`;

function isSavedJob(value: unknown): value is SavedJob {
  const job = value as SavedJob;
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.id === 'string' &&
    typeof job.app === 'number' &&
    Array.isArray(job.names) &&
    typeof job.created === 'string'
  );
}

/** The user's saved jobs, newest first, without those the server no longer keeps. */
export function savedJobs(user: number, now = Date.now()): SavedJob[] {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(keyOf(user)) ?? '[]');
  } catch {
    stored = [];
  }
  const kept = JOB_LIMITS.hours * 3_600_000;
  return (Array.isArray(stored) ? stored : [])
    .filter(isSavedJob)
    .filter((job) => now - Date.parse(job.created) < kept);
}

function store(user: number, jobs: SavedJob[]): void {
  try {
    localStorage.setItem(keyOf(user), JSON.stringify(jobs.slice(0, SAVED_JOBS_MAX)));
  } catch {
    // A full or disabled storage only loses the list; the job itself runs on.
  }
}

export function saveJob(user: number, job: SavedJob): void {
  store(user, [job, ...savedJobs(user).filter((other) => other.id !== job.id)]);
}

/** The name a result picture is saved under: the photo's name with `-studio` and the result's type. */
export function resultName(photoName: string | undefined, index: number, url: string): string {
  const extension = /\.png(?:$|\?)/i.test(url) ? 'png' : 'jpg';
  const base = (photoName ?? `photo-${index + 1}`).replace(/\.[^.]+$/, '');
  return `${base}-studio.${extension}`;
}
