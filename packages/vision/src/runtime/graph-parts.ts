/**
 * Graph models of @vladmandic/human and human-models whose convolutional part runs with onnxruntime
 * (graph-onnx.ts), and the tensors that part ends at: the rest of the graph (a detector's
 * decoding) stays with tfjs, fed those tensors. Each part's time against tfjs-wasm and its largest
 * difference from tfjs: scripts/measure-onnx.ts (decision 0013). The sessions (onnx.ts) and the
 * tfjs model loader (models.ts, which leaves out of tfjs what only these parts compute) read it.
 */
export const GRAPH_PARTS = {
  // CenterNet: its class heatmaps and box sizes, and the head's stride-16 feature map (the
  // MobileNetV3 features of strides 16 and 32 joined, 32 x 32 x 256), read by ornaments' hat
  // probe; the tfjs graph is fed the first two only.
  centernet: { outputs: ['tower_0/keypoints', 'tower_0/wh', 'tower_0/CenternetHead/Relu'] },
  // MediaPipe selfie segmentation, whole.
  selfie: { outputs: ['activation_10'] },
  // MediaPipe Hands' landmark model, whole (21 points, presence, handedness).
  'handlandmark-full': { outputs: ['Identity', 'Identity_1', 'Identity_2'] },
  // BlazeFace (back-camera 256 px and front-camera 128 px): the score and box heads of both
  // anchor grids, before the graph's reshapes (NHWC order is the reshaped order).
  blazeface: {
    outputs: ['conv2d_33', 'conv2d_34', 'conv2d_35', 'conv2d_36'].map(
      (c) => `StatefulPartitionedCall/functional_1/${c}/BiasAdd`,
    ),
  },
  'blazeface-front': {
    outputs: ['conv2d_17', 'conv2d_18', 'conv2d_19', 'conv2d_20'].map(
      (c) => `StatefulPartitionedCall/functional_1/${c}/BiasAdd`,
    ),
  },
  // FaceMesh: the 468 points and the face flag (the contours head is not read).
  facemesh: {
    outputs: [
      'StatefulPartitionedCall/model_1/conv2d_21/BiasAdd',
      'StatefulPartitionedCall/model_1/activation_1/Sigmoid',
    ],
  },
  // MediaPipe Iris, whole: one 64 x 64 eye crop to its 71 eye-contour and brow points and its 5
  // iris points, concatenated ([1, 1, 1, 228], x y z each).
  iris: { outputs: ['Identity'] },
  // The face attribute models, whole (face/analysis.ts): HSE-FaceRes to its gender, its 100 age
  // bins and its 1024-d descriptor (the global pooling); the oarriaga emotion CNN to its 7 classes;
  // GEAR to its age bands, gender and race (its signature's age_output, gender_output, race_output).
  faceres: { outputs: ['gender_pred/Sigmoid', 'age_pred/Softmax', 'global_pooling/Mean'] },
  emotion: { outputs: ['Identity'] },
  gear: { outputs: ['Identity', 'Identity_1', 'Identity_2'] },
  // MoveNet MultiPose from its input cast to float to its six heads (centres, box sizes and
  // offsets, key point heatmaps, offsets and regressions); the decoding of people stays with tfjs.
  'movenet-multipose': {
    input: 'StatefulPartitionedCall/Cast',
    outputs: [
      'center_0/conv2d_4',
      'box_scale_0/conv2d_5',
      'box_offset_0/conv2d_6',
      'kpt_heatmap_0/conv2d_7',
      'kpt_regress_0/conv2d_8',
      'kpt_offset_0/conv2d_9',
    ].map((head) => `StatefulPartitionedCall/${head}/BiasAdd`),
  },
  // HandTrack from its resized input (past the graph's resizing loop) to its box and class heads
  // on five feature levels; the anchors' decoding stays with tfjs.
  handtrack: {
    input: 'StatefulPartitionedCall/map/TensorArrayV2Stack/TensorListStack',
    outputs: [0, 1, 2, 3, 4].flatMap((k) => {
      const suffix = k === 0 ? '' : `_${k}`;
      const head = 'StatefulPartitionedCall/WeightSharedConvolutionalBoxPredictor';
      return [
        `${head}/WeightSharedConvolutionalBoxHead/BoxPredictor/BiasAdd${suffix}`,
        `${head}/WeightSharedConvolutionalClassHead/ClassPredictor/BiasAdd${suffix}`,
      ];
    }),
  },
} satisfies Record<string, { outputs: readonly string[]; input?: string }>;
