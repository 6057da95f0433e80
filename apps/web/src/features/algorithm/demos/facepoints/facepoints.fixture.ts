import type { FacePointsAnswer } from '@pixora/catalog';
import type { GatewayResponse } from '../../../../api/gateway.ts';

type FacePointsFace = FacePointsAnswer['faces'][number];
type Point2 = [number, number];
type Point3 = [number, number, number];

/** A face of the shape the engine answers with: 468 mesh points on an ellipse grid and five points per iris. */
function face(left: number, top: number, size: number, score: number): FacePointsFace {
  const cx = left + size / 2;
  const cy = top + size / 2;
  const mesh: Point3[] = Array.from({ length: 468 }, (_, i) => {
    const ring = Math.floor(i / 36) / 13;
    const angle = ((i % 36) / 36) * Math.PI * 2;
    return [cx + Math.cos(angle) * ring * size * 0.45, cy + Math.sin(angle) * ring * size * 0.5, 0];
  });
  const iris = (x: number): Point2[] => [
    [x, cy - size * 0.1],
    [x - 3, cy - size * 0.1],
    [x + 3, cy - size * 0.1],
    [x, cy - size * 0.1 - 3],
    [x, cy - size * 0.1 + 3],
  ];
  return {
    face_rectangle: { left, top, width: size, height: size },
    score,
    face_landmark: { mesh, iris_left: iris(cx - size * 0.2), iris_right: iris(cx + size * 0.2) },
  };
}

export const twoFacesResponse: GatewayResponse<FacePointsAnswer> = {
  parameter: {},
  extra: {},
  media_info_list: [
    {
      media_profiles: { media_data_type: 'jpg' },
      media_extra: {
        image_width: 800,
        image_height: 600,
        faces: [face(100, 120, 200, 0.98), face(480, 150, 160, 0.91)],
      },
    },
  ],
};
