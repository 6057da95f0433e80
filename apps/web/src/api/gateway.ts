import type { FaceSetAnswers } from '@pixora/catalog';
import { request } from './http.ts';

/** One image sent to an algorithm: base64 bytes (without a `data:` prefix) or an http(s) address. */
export type MediaInput = { kind: 'base64'; data: string; type: 'jpg' | 'png' } | { kind: 'url'; url: string };

export interface MediaInfo {
  media_data: string;
  media_profiles: { media_data_type: 'jpg' | 'png' | 'url' };
}

export interface GatewayRequest {
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
  media_info_list: MediaInfo[];
}

export function toMediaInfo(media: MediaInput): MediaInfo {
  return media.kind === 'url'
    ? { media_data: media.url, media_profiles: { media_data_type: 'url' } }
    : { media_data: media.data, media_profiles: { media_data_type: media.type } };
}

/** Marks a website demo call made without credentials: the server applies its per-IP demo grant. */
export const DEMO_HEADER = 'x-pixora-demo';

/**
 * Names one of the signed-in developer's apps (by id): the call is that app's, counted in its usage
 * (the server checks the session's bearer token owns it). The docs centre's try-it panel sets it.
 */
export const SESSION_APP_HEADER = 'x-pixora-app';

/**
 * Calls an algorithm of the gateway (`v2/facepoints`, ...). The website sends no api_key: the
 * server applies the anonymous demo grant, or, with `app`, counts the call as that app of the
 * signed-in developer.
 */
export function callAlgorithm<T>(
  endpoint: string,
  media: MediaInput[],
  options: {
    parameter?: Record<string, unknown>;
    extra?: Record<string, unknown>;
    signal?: AbortSignal;
    app?: number | null | undefined;
  } = {},
): Promise<T> {
  const body: GatewayRequest = {
    parameter: options.parameter ?? {},
    extra: options.extra ?? {},
    media_info_list: media.map(toMediaInfo),
  };
  return request<T>(`/${endpoint.replace(/^\/+/, '')}`, {
    method: 'POST',
    body,
    signal: options.signal,
    headers: options.app ? { [SESSION_APP_HEADER]: String(options.app) } : { [DEMO_HEADER]: '1' },
  });
}

/**
 * What every algorithm answers: the request's parameter and extra echoed, results per image in
 * `media_extra` (typed by the capability's contract: `GatewayResponse<FaceDetectAnswer>`);
 * image-producing algorithms also put their result image in `media_data`.
 */
export interface GatewayResponse<Extra> {
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
  media_info_list: Array<{
    media_data?: string;
    media_profiles?: { media_data_type?: string } & Record<string, unknown>;
    media_extra: Extra;
  }>;
}

/** A face-set endpoint as its contract spells it: a name the contract does not have does not compile. */
export type FaceSetEndpoint = keyof FaceSetAnswers;

/**
 * Calls a face-set endpoint. Website calls carry no credentials: the server keeps the visitor's
 * sets under a demo identity in an httpOnly cookie of this browser (3 sets of 20 faces, 24 h).
 */
export async function callFaceSet<E extends FaceSetEndpoint>(
  endpoint: E,
  parameter: Record<string, unknown>,
  media: MediaInput[] = [],
): Promise<FaceSetAnswers[E]> {
  const answer = await callAlgorithm<GatewayResponse<FaceSetAnswers[E]>>(endpoint, media, { parameter });
  return answer.media_info_list[0]!.media_extra;
}
