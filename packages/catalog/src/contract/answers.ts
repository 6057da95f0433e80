/**
 * The answer types of the served capabilities, inferred from their contracts: the web app imports
 * them as types only (`import type`), so nothing of zod reaches its bundle through them.
 */
import type { z } from 'zod';
import type { aibeauty } from '../capabilities/faceTechnology/aibeauty.ts';
import type { babyRecognition } from '../capabilities/diretectionPosition/babyRecognition.ts';
import type { faceAnalysis } from '../capabilities/faceTechnology/faceAnalysis.ts';
import type { faceCharacter } from '../capabilities/faceTechnology/faceCharacter.ts';
import type { faceDetect } from '../capabilities/faceTechnology/faceDetect.ts';
import type { facePoint } from '../capabilities/faceTechnology/facePoint.ts';
import type { faceRecognition } from '../capabilities/faceTechnology/faceRecognition.ts';
import type { faceSetEndpoints } from '../capabilities/faceTechnology/face-sets.ts';
import type { faceRectangle, headPose } from '../capabilities/faceTechnology/face-fields.ts';
import type { keypoint, rectangle, scoredLabel } from './answer.ts';
import type { EndpointContract } from './define.ts';

/** What a capability answers in `media_info_list[0].media_extra`. */
export type AnswerOf<C extends { api: EndpointContract }> = z.output<C['api']['answer']>;
/** The parameters of a capability after defaults, in the public names. */
export type ParametersOf<C extends { api: EndpointContract }> = z.output<C['api']['parameters']>;

/** A box in pixels of the original image, as every kind with items answers it. */
export type Rectangle = z.output<ReturnType<typeof rectangle>>;
export type FaceRectangle = z.output<typeof faceRectangle>;
export type HeadPoseAngles = z.output<typeof headPose>;
export type Keypoint = z.output<typeof keypoint>;
export type ScoredLabel = z.output<typeof scoredLabel>;

export type FacePointsAnswer = AnswerOf<typeof facePoint>;
export type FaceDetectAnswer = AnswerOf<typeof faceDetect>;
export type FaceAnalysisAnswer = AnswerOf<typeof faceAnalysis>;
export type FaceCharacterAnswer = AnswerOf<typeof faceCharacter>;
export type FaceCompareAnswer = AnswerOf<typeof faceRecognition>;
export type BabyRecognitionAnswer = AnswerOf<typeof babyRecognition>;
export type AIBeautyAnswer = AnswerOf<typeof aibeauty>;

export type FacePointsParameters = ParametersOf<typeof facePoint>;
export type FaceDetectParameters = ParametersOf<typeof faceDetect>;

type FaceSetEndpoint = (typeof faceSetEndpoints)[number];
/** What each face-set endpoint answers in `media_extra`, by endpoint. */
export type FaceSetAnswers = {
  [E in FaceSetEndpoint as E['endpoint']]: z.output<E['answer']>;
};
