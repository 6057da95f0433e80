/**
 * Limits of public parameters that the web app also shows, as plain numbers (no zod here, so the
 * web's first load can import them). The contract's parameter pieces check the same numbers.
 */

/** `max_face_num` and its aliases: faces returned or processed at most. */
export const FACE_COUNT = { default: 20, min: 1, max: 100 } as const;

/** Face search: the face sets of an app (or of a website visitor) and the search itself. */
export const FACE_SET_ENDPOINTS = [
  'v1/faceset/create',
  'v1/faceset/list',
  'v1/faceset/detail',
  'v1/faceset/add_face',
  'v1/faceset/remove_face',
  'v1/faceset/delete',
  'v1/face_search',
] as const;

/** Longest face-set and face name, in UTF-16 code units (the server's check and the demo's input). */
export const FACE_SET_NAME_MAX = 64;

/**
 * What a website visitor keeps in face sets under their demo identity
 * (docs/decisions/0005-demo-face-sets.md): sets, faces per set, and hours before all is deleted.
 */
export const DEMO_FACE_SETS = { sets: 3, facesPerSet: 20, hours: 24 } as const;

/**
 * Largest image the gateway accepts by default (the server's `MAX_IMAGE_BYTES` may lower it) and
 * the website demo's upload limit: one number, so the demo never promises less or more than the API.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** A byte count as the limit is shown to people: whole megabytes (MiB), "10 MB". */
export const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Asynchronous jobs by default (the server's JOB_MAX_ITEMS, JOB_MAX_BODY_BYTES and JOB_TTL_HOURS
 * may change them): items in one job, the bytes of one job's JSON body (photos included as base64),
 * and the hours a job and its results stay readable. The studio page states and checks the same
 * numbers before it uploads.
 */
export const JOB_LIMITS = { items: 100, bodyBytes: 64 * 1024 * 1024, hours: 24 } as const;
