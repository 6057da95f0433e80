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

/** The 468-point mesh and the two irises (facepoints always, the face family when `return_landmark`). */
export interface FaceLandmark {
  mesh: Point3[];
  iris_left: Point2[];
  iris_right: Point2[];
}

/** What every algorithm answers: the request's parameter and extra echoed, results per image in `media_extra`. */
export interface GatewayResponse<Extra> {
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
  media_info_list: Array<{ media_profiles?: Record<string, unknown>; media_extra: Extra }>;
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

export interface FacePointsFace {
  face_rectangle: FaceRectangle;
  score: number;
  face_landmark: FaceLandmark;
}

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
  faces: Array<{ face_rectangle: FaceRectangle; image: number }>;
}
export type FaceCompareResponse = GatewayResponse<FaceCompareResult>;

/** v1/baby_recognition: per face, baby (1) or not (0), and the age estimate it comes from. */
export interface BabyFace {
  face_rectangle: FaceRectangle;
  face_attributes: { baby: FaceAttribute<0 | 1>; age?: FaceAttribute<number> };
}
export type BabyRecognitionResponse = GatewayResponse<ImageFaces<BabyFace>>;

export const FACEPOINTS_ENDPOINT = 'v2/facepoints';
export const FACEDETECT_ENDPOINTS = ['v1/facedetect', 'v2/facedetect'] as const;
export const FACE_ANALYSIS_ENDPOINT = 'v2/macro_facial_analysis';
export const FACE_CHARACTER_ENDPOINT = 'v1/micro_facial_analysis';
export const FACE_COMPARE_ENDPOINT = 'v1/face_compare';
export const BABY_RECOGNITION_ENDPOINT = 'v1/baby_recognition';

/** The parameter naming the most faces wanted: `nFront` on v1/facedetect, `max_face_num` elsewhere. */
export const maxFacesParameter = (endpoint: string) =>
  endpoint === 'v1/facedetect' ? 'nFront' : 'max_face_num';

export function analyseFacePoints(media: MediaInput, signal?: AbortSignal): Promise<FacePointsResponse> {
  return callAlgorithm<FacePointsResponse>(FACEPOINTS_ENDPOINT, [media], signal ? { signal } : {});
}
