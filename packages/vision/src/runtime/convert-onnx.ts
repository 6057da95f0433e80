/**
 * Converts one model to ONNX into a file: `node convert-onnx.ts <name> <file>`. Started by
 * onnx-cache.ts, so that the conversion's short-lived buffers live and die in this process.
 */
import fs from 'node:fs';
import { isOnnxName, onnxModelBytes } from './onnx.ts';

const [name, out] = process.argv.slice(2);
if (!name || !out || !isOnnxName(name)) {
  console.error('usage: convert-onnx.ts <model name> <output file>');
  process.exit(2);
}
fs.writeFileSync(out, onnxModelBytes(name), { mode: 0o600 });
