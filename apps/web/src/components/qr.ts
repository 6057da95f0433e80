import qrcode from 'qrcode-generator';

/** The dark modules of a QR code, row by row; `size` modules a side, quiet zone not included. */
export interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** Encodes `text` (UTF-8, error correction M, smallest version that fits). */
export function qrMatrix(text: string): QrMatrix {
  const code = qrcode(0, 'M');
  // The library reads one byte per character: hand it the UTF-8 bytes.
  code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  code.make();
  return { size: code.getModuleCount(), dark: (row, col) => code.isDark(row, col) };
}

/** One SVG path drawing every dark module as a unit square, offset by the quiet zone `margin`. */
export function qrPath(matrix: QrMatrix, margin: number): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col += 1;
        continue;
      }
      // Runs of dark modules in a row become one rectangle: a shorter path than one square each.
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col += 1;
      parts.push(`M${start + margin} ${row + margin}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
