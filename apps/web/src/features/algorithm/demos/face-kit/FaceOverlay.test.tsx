import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { dotsPath } from '../../demo-kit/Overlay.tsx';
import { FaceOverlay, type OverlayFace } from './FaceOverlay.tsx';
import { twoFacesResponse } from '../facepoints/facepoints.fixture.ts';

const media = twoFacesResponse.media_info_list[0]!.media_extra;
const withPoints: OverlayFace[] = media.faces.map((face, index) => ({
  rectangle: face.face_rectangle,
  caption: String(index + 1),
  title: `face ${index + 1}`,
  mesh: face.face_landmark.mesh,
  iris: [...(face.face_landmark.iris_left ?? []), ...(face.face_landmark.iris_right ?? [])],
}));

describe('FaceOverlay', () => {
  it('draws one group per face with its box and points, in image pixel coordinates', () => {
    render(
      <FaceOverlay width={media.image_width} height={media.image_height} faces={withPoints} label="faces" />,
    );
    const svg = screen.getByTestId('face-overlay');
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
    expect(svg.getAttribute('aria-label')).toBe('faces');
    const groups = screen.getAllByTestId('face-result');
    expect(groups).toHaveLength(2);
    const boxes = screen.getAllByTestId('face-box');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.getAttribute('x')).toBe('100');
    expect(boxes[0]!.getAttribute('y')).toBe('120');
    expect(boxes[1]!.getAttribute('width')).toBe('160');
    for (const group of groups) {
      const mesh = group.querySelector('[data-testid="face-mesh"]')!.getAttribute('d')!;
      expect(mesh.match(/M/g)).toHaveLength(468);
      const iris = group.querySelector('[data-testid="face-iris"]')!.getAttribute('d')!;
      expect(iris.match(/M/g)).toHaveLength(10);
    }
    expect(groups[1]!.querySelector('title')!.textContent).toBe('face 2');
  });

  it('draws boxes alone, with their captions, when the answer has no points', () => {
    render(
      <FaceOverlay
        width={100}
        height={100}
        label="faces"
        activeFace={1}
        faces={[
          { rectangle: { left: 1, top: 2, width: 3, height: 4 }, caption: '1 · 0.95', title: 'a' },
          {
            rectangle: { left: 5, top: 6, width: 7, height: 8 },
            caption: '2 · Baby',
            title: 'b',
            tone: 'accent',
          },
        ]}
      />,
    );
    expect(screen.queryAllByTestId('face-mesh')).toHaveLength(0);
    expect(screen.getAllByTestId('face-caption').map((node) => node.textContent)).toEqual([
      '1 · 0.95',
      '2 · Baby',
    ]);
    const groups = screen.getAllByTestId('face-result');
    expect(groups.map((group) => group.getAttribute('data-tone'))).toEqual(['default', 'accent']);
    expect(groups.map((group) => group.hasAttribute('data-active'))).toEqual([false, true]);
  });

  it('draws nothing but the frame when there is no face', () => {
    render(<FaceOverlay width={10} height={10} faces={[]} label="none" />);
    expect(screen.queryAllByTestId('face-result')).toHaveLength(0);
  });
});

describe('dotsPath', () => {
  it('makes one zero-length segment per point, rounded to a tenth of a pixel', () => {
    expect(
      dotsPath([
        [1.234, 5.678, 0],
        [10, 20],
      ]),
    ).toBe('M1.2 5.7h0M10 20h0');
  });
});
