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
 * Calls an algorithm of the gateway (`v2/facepoints`, ...). The website sends no api_key: the
 * server applies the visitor's session or the anonymous demo grant.
 */
export function callAlgorithm<T>(
  endpoint: string,
  media: MediaInput[],
  options: {
    parameter?: Record<string, unknown>;
    extra?: Record<string, unknown>;
    signal?: AbortSignal;
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
    headers: { [DEMO_HEADER]: '1' },
  });
}

export type Point2 = [number, number];
export type Point3 = [number, number, number];

export interface FaceRectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FacePointsFace {
  face_rectangle: FaceRectangle;
  score: number;
  face_landmark: { mesh: Point3[]; iris_left: Point2[]; iris_right: Point2[] };
}

export interface FacePointsResponse {
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
  media_info_list: Array<{
    media_profiles?: Record<string, unknown>;
    media_extra: { image_width: number; image_height: number; faces: FacePointsFace[] };
  }>;
}

export const FACEPOINTS_ENDPOINT = 'v2/facepoints';

export function analyseFacePoints(media: MediaInput, signal?: AbortSignal): Promise<FacePointsResponse> {
  return callAlgorithm<FacePointsResponse>(FACEPOINTS_ENDPOINT, [media], signal ? { signal } : {});
}
