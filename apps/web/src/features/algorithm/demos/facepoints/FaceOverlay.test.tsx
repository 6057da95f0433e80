import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { dotsPath, FaceOverlay } from './FaceOverlay.tsx';
import { twoFacesResponse } from './facepoints.fixture.ts';

const media = twoFacesResponse.media_info_list[0]!.media_extra;

describe('FaceOverlay', () => {
  it('draws one group per face with its box and points, in image pixel coordinates', () => {
    render(
      <FaceOverlay
        width={media.image_width}
        height={media.image_height}
        faces={media.faces}
        label={(i) => `face ${i}`}
      />,
    );
    const svg = screen.getByTestId('face-overlay');
    expect(svg.getAttribute('viewBox')).toBe('0 0 800 600');
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
  });

  it('draws nothing but the frame when there is no face', () => {
    render(<FaceOverlay width={10} height={10} faces={[]} label={() => 'none'} />);
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
