/**
 * Every capability of the product, one contract file each, in the order the Product Service menu
 * lists them. A capability with a web API written has `api`; the server serves those it binds.
 */
import type { Capability } from '../types.ts';
import { facePoint } from './faceTechnology/facePoint.ts';
import { faceDetect } from './faceTechnology/faceDetect.ts';
import { faceDetectServerVersion } from './faceTechnology/faceDetectServerVersion.ts';
import { faceAnalysis } from './faceTechnology/faceAnalysis.ts';
import { faceCharacter } from './faceTechnology/faceCharacter.ts';
import { faceRecognition } from './faceTechnology/faceRecognition.ts';
import { aibeauty } from './faceTechnology/aibeauty.ts';
import { skinAnalysis } from './faceTechnology/skinAnalysis.ts';
import { hairAnalysis } from './faceTechnology/hairAnalysis.ts';
import { aestheticScore } from './faceTechnology/aestheticScore.ts';
import { bodyPose } from './bodyTechnology/bodyPose.ts';
import { humanDetect } from './bodyTechnology/humanDetect.ts';
import { humanContourPointDetection } from './bodyTechnology/humanContourPointDetection.ts';
import { personSplit } from './bodyTechnology/personSplit.ts';
import { skinSegment } from './bodyTechnology/skinSegment.ts';
import { hairSegment } from './bodyTechnology/hairSegment.ts';
import { mask } from './bodyTechnology/mask.ts';
import { headReplace } from './bodyTechnology/headReplace.ts';
import { apperal } from './bodyTechnology/apperal.ts';
import { accessoriesRecognition } from './bodyTechnology/accessoriesRecognition.ts';
import { handGesture } from './bodyTechnology/handGesture.ts';
import { catsAndDogs } from './imageRecognition/catsAndDogs.ts';
import { sceneRecognition } from './imageRecognition/sceneRecognition.ts';
import { imageClassification } from './imageRecognition/imageClassification.ts';
import { foodRecognition } from './imageRecognition/foodRecognition.ts';
import { foodSegment } from './imageRecognition/foodSegment.ts';
import { skySegment } from './imageRecognition/skySegment.ts';
import { faceSegment } from './imageRecognition/faceSegment.ts';
import { depthEstimation } from './imageRecognition/depthEstimation.ts';
import { makeup } from './imageProcessing/makeup.ts';
import { beautify } from './imageProcessing/beautify.ts';
import { shapeTuning } from './imageProcessing/shapeTuning.ts';
import { filter } from './imageProcessing/filter.ts';
import { imageDenoise } from './imageProcessing/imageDenoise.ts';
import { nightEnhance } from './imageProcessing/nightEnhance.ts';
import { hdr } from './imageProcessing/hdr.ts';
import { imageEnhance } from './imageProcessing/imageEnhance.ts';
import { imageRestoration } from './imageProcessing/imageRestoration.ts';
import { arSDK } from './imageProcessing/arSDK.ts';
import { facefusion } from './imageEditing/facefusion.ts';
import { facefusionSdk } from './imageEditing/facefusionSdk.ts';
import { facefusechild } from './imageEditing/facefusechild.ts';
import { andy } from './generateImages/andy.ts';
import { emojMaterial } from './generateImages/emojMaterial.ts';
import { beard } from './generateImages/beard.ts';
import { imageStyle } from './generateImages/imageStyle.ts';
import { lineArt } from './generateImages/lineArt.ts';
import { certificates } from './generateImages/certificates.ts';
import { test } from './generateImages/test.ts';
import { petRecognition } from './diretectionPosition/petRecognition.ts';
import { babyRecognition } from './diretectionPosition/babyRecognition.ts';
import { foodRecognitionSdk } from './diretectionPosition/foodRecognitionSdk.ts';
import { studioSolution } from './solution/studioSolution.ts';

export {
  facePoint,
  faceDetect,
  faceDetectServerVersion,
  faceAnalysis,
  faceCharacter,
  faceRecognition,
  aibeauty,
  skinAnalysis,
  hairAnalysis,
  aestheticScore,
  bodyPose,
  humanDetect,
  humanContourPointDetection,
  personSplit,
  skinSegment,
  hairSegment,
  mask,
  headReplace,
  apperal,
  accessoriesRecognition,
  handGesture,
  catsAndDogs,
  sceneRecognition,
  imageClassification,
  foodRecognition,
  foodSegment,
  skySegment,
  faceSegment,
  depthEstimation,
  makeup,
  beautify,
  shapeTuning,
  filter,
  imageDenoise,
  nightEnhance,
  hdr,
  imageEnhance,
  imageRestoration,
  arSDK,
  facefusion,
  facefusionSdk,
  facefusechild,
  andy,
  emojMaterial,
  beard,
  imageStyle,
  lineArt,
  certificates,
  test,
  petRecognition,
  babyRecognition,
  foodRecognitionSdk,
  studioSolution,
};

export const capabilities: readonly Capability[] = [
  facePoint,
  faceDetect,
  faceDetectServerVersion,
  faceAnalysis,
  faceCharacter,
  faceRecognition,
  aibeauty,
  skinAnalysis,
  hairAnalysis,
  aestheticScore,
  bodyPose,
  humanDetect,
  humanContourPointDetection,
  personSplit,
  skinSegment,
  hairSegment,
  mask,
  headReplace,
  apperal,
  accessoriesRecognition,
  handGesture,
  catsAndDogs,
  sceneRecognition,
  imageClassification,
  foodRecognition,
  foodSegment,
  skySegment,
  faceSegment,
  depthEstimation,
  makeup,
  beautify,
  shapeTuning,
  filter,
  imageDenoise,
  nightEnhance,
  hdr,
  imageEnhance,
  imageRestoration,
  arSDK,
  facefusion,
  facefusionSdk,
  facefusechild,
  andy,
  emojMaterial,
  beard,
  imageStyle,
  lineArt,
  certificates,
  test,
  petRecognition,
  babyRecognition,
  foodRecognitionSdk,
  studioSolution,
];
