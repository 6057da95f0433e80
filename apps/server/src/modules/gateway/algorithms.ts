import type { InferenceBackend, FacePointsResult } from '@pixora/vision';
import { ApiError } from '../../platform/error-catalogue.ts';

export interface AlgorithmCall {
  backend: InferenceBackend;
  images: Buffer[];
  parameter: Record<string, unknown>;
  timeoutMs: number;
}

/** One gateway endpoint: how many images it takes and how its engine result becomes `media_extra`. */
export interface GatewayAlgorithm {
  endpoint: string;
  images: number;
  run(call: AlgorithmCall): Promise<Record<string, unknown>>;
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

const facepoints: GatewayAlgorithm = {
  endpoint: 'v2/facepoints',
  images: 1,
  async run({ backend, images, parameter, timeoutMs }) {
    const maxFaces = Number(parameter.max_face_num ?? parameter.nFront ?? 20);
    const result = await backend.run<FacePointsResult>(
      'facepoints',
      { image: images[0]!, params: { maxFaces: Number.isFinite(maxFaces) && maxFaces > 0 ? maxFaces : 20 } },
      { timeoutMs },
    );
    if (result.faces.length === 0) throw new ApiError(20003);
    return {
      image_width: result.imageWidth,
      image_height: result.imageHeight,
      faces: result.faces.map((face) => ({
        face_rectangle: {
          left: round(face.rectangle.left, 1),
          top: round(face.rectangle.top, 1),
          width: round(face.rectangle.width, 1),
          height: round(face.rectangle.height, 1),
        },
        score: round(face.score, 4),
        face_landmark: {
          mesh: face.mesh.map(([x, y, z]) => [round(x, 1), round(y, 1), round(z, 2)]),
          iris_left: face.irisLeft.map(([x, y]) => [round(x, 1), round(y, 1)]),
          iris_right: face.irisRight.map(([x, y]) => [round(x, 1), round(y, 1)]),
        },
      })),
    };
  },
};

/** Every endpoint the engine serves in this build. Adding an algorithm adds one entry here. */
export const gatewayAlgorithms: readonly GatewayAlgorithm[] = [facepoints];
