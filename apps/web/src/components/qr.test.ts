import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath, type QrMatrix } from './qr.ts';

/** Paints the matrix as RGBA pixels, `scale` pixels a module, with a white quiet zone of 4 modules. */
function paint(matrix: QrMatrix, scale = 4) {
  const side = (matrix.size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (!matrix.dark(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        for (let x = 0; x < scale; x += 1) {
          const offset = (((row + 4) * scale + y) * side + (col + 4) * scale + x) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }
  }
  return { pixels, side };
}

describe('QR codes', () => {
  it.each([
    'https://ai.pixora.example/index',
    'http://127.0.0.1:8080/algorithm/solution/studioSolution?source=miniprogram',
    'mailto:support@pixora.example?subject=Pixora 支持',
  ])('encode %s so that a reader decodes the same text', (text) => {
    const { pixels, side } = paint(qrMatrix(text));
    expect(jsQR(pixels, side, side)?.data).toBe(text);
  });

  it('draws one rectangle per run of dark modules, inside the quiet zone', () => {
    const matrix: QrMatrix = { size: 3, dark: (row, col) => row === 1 && col > 0 };
    expect(qrPath(matrix, 4)).toBe('M5 5h2v1h-2z');
  });
});
