import type { FaceRectangle, FaceSetSummary, StoredFace } from '@pixora/catalog';
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

export type { FaceRectangle, FaceSetSummary, StoredFace };

/** The 468-point mesh and the two irises (facepoints always, the face family when `return_landmark`). */
export interface FaceLandmark {
  mesh: Point3[];
  iris_left: Point2[];
  iris_right: Point2[];
}

/**
 * What every algorithm answers: the request's parameter and extra echoed, results per image in
 * `media_extra`; image-producing algorithms also put their result image in `media_data`.
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

/** An attribute of a face: `face_attributes.<name> = { value, confidence }`. */
export interface FaceAttribute<V = unknown> {
  value: V;
  confidence?: number | null;
  [more: string]: unknown;
}

/** Head pose in degrees (see the engine's pose.ts for the signs). */
export interface HeadPoseAngles {
  pitch_angle: number;
  yaw_angle: number;
  roll_angle: number;
}

/** The 106-point layout derived from the mesh (`landmark_type` 106 or all). */
export type Points106 = Point2[];

/** v2/facepoints: the mesh and irises (landmark_type 468, the default), the 106 points, or both. */
export interface FacePointsFace {
  face_rectangle: FaceRectangle;
  score: number;
  face_landmark: Partial<FaceLandmark> & { points_106?: Points106 };
}

/** Which points v2/facepoints returns (`parameter.landmark_type`). */
export type LandmarkType = '468' | '106' | 'all';

export interface ImageFaces<Face> {
  image_width: number;
  image_height: number;
  faces: Face[];
}

export type FacePointsResponse = GatewayResponse<ImageFaces<FacePointsFace>>;

/** v1/facedetect, v2/facedetect. */
export interface DetectedFace {
  face_rectangle: FaceRectangle;
  score: number;
  face_attributes: { headpose: HeadPoseAngles };
  face_landmark?: FaceLandmark;
}
export type FaceDetectResponse = GatewayResponse<ImageFaces<DetectedFace> & { face_num: number }>;

/**
 * v2/macro_facial_analysis. Which attributes a face carries depends on the request and on what the
 * engine of this build measures (`supported_attributes`), so every one of them is optional.
 */
export interface AnalysedFace {
  face_rectangle: FaceRectangle;
  score: number;
  face_attributes: Record<string, FaceAttribute | undefined> & {
    poseestimation?: FaceAttribute<HeadPoseAngles>;
  };
  face_landmark?: FaceLandmark;
}
export type FaceAnalysisResponse = GatewayResponse<
  ImageFaces<AnalysedFace> & { face_num: number; supported_attributes?: string[] }
>;

/** v1/micro_facial_analysis with `return_attributes: facial_analysis`: one frontal face. */
export interface FacialAnalysis {
  measures?: Record<string, number>;
  face_shape?: { value: string; scores: Record<string, number> };
  [feature: string]: { value: string } | Record<string, number> | undefined;
}
export interface CharacterFace {
  face_rectangle: FaceRectangle;
  face_attributes: { facial_analysis: FacialAnalysis; headpose?: HeadPoseAngles };
}
export type FaceCharacterResponse = GatewayResponse<ImageFaces<CharacterFace>>;

/** v1/face_compare: the face of each image (`image` 0 or 1), a 0-100 similarity and the decision. */
export interface FaceCompareResult {
  similarity: number;
  is_same_person: 0 | 1;
  threshold: number;
  /** The face of each image, with that image's size (EXIF orientation applied). */
  faces: Array<{ face_rectangle: FaceRectangle; image: number; image_width: number; image_height: number }>;
}
export type FaceCompareResponse = GatewayResponse<FaceCompareResult>;

/** v1/baby_recognition: per face, baby (1) or not (0), and the age estimate it comes from. */
export interface BabyFace {
  face_rectangle: FaceRectangle;
  face_attributes: { baby: FaceAttribute<0 | 1>; age?: FaceAttribute<number> };
}
export type BabyRecognitionResponse = GatewayResponse<ImageFaces<BabyFace>>;

/** v3/AIBeauty settings, each 0-100. */
export interface BeautySettings {
  smooth: number;
  whiten: number;
  slim: number;
  eye: number;
}
/** v3/AIBeauty: the faces retouched and the settings applied; the JPEG is in `media_data`. */
export type AIBeautyResponse = GatewayResponse<
  ImageFaces<{ face_rectangle: FaceRectangle; score: number }> & { face_num: number; beauty: BeautySettings }
>;

export interface FaceSearchMatch {
  face_token: string;
  face_name: string;
  similarity: number;
  is_same_person: 0 | 1;
}
/** What each face-set endpoint answers in `media_extra`. */
export interface FaceSetAnswers {
  'v1/faceset/create': FaceSetSummary;
  'v1/faceset/list': { facesets: FaceSetSummary[] };
  'v1/faceset/detail': FaceSetSummary & { faces: StoredFace[] };
  'v1/faceset/add_face': StoredFace & { face_count: number; image_width: number; image_height: number };
  'v1/faceset/remove_face': { face_token: string; face_count: number };
  'v1/faceset/delete': { faceset_token: string; deleted: 1 };
  'v1/face_search': {
    face_rectangle: FaceRectangle;
    image_width: number;
    image_height: number;
    threshold: number;
    faceset_token: string;
    face_count: number;
    results: FaceSearchMatch[];
  };
}
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

export const AI_BEAUTY_ENDPOINT = 'v3/AIBeauty';
export const FACEPOINTS_ENDPOINT = 'v2/facepoints';
export const FACEDETECT_ENDPOINTS = ['v1/facedetect', 'v2/facedetect'] as const;
export const FACE_ANALYSIS_ENDPOINT = 'v2/macro_facial_analysis';
export const FACE_CHARACTER_ENDPOINT = 'v1/micro_facial_analysis';
export const FACE_COMPARE_ENDPOINT = 'v1/face_compare';
export const BABY_RECOGNITION_ENDPOINT = 'v1/baby_recognition';

/** The parameter naming the most faces wanted: `nFront` on v1/facedetect, `max_face_num` elsewhere. */
export const maxFacesParameter = (endpoint: string) =>
  endpoint === 'v1/facedetect' ? 'nFront' : 'max_face_num';

export function analyseFacePoints(
  media: MediaInput,
  options: { signal?: AbortSignal; landmarkType?: LandmarkType } = {},
): Promise<FacePointsResponse> {
  return callAlgorithm<FacePointsResponse>(FACEPOINTS_ENDPOINT, [media], {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.landmarkType && options.landmarkType !== '468'
      ? { parameter: { landmark_type: options.landmarkType } }
      : {}),
  });
}
