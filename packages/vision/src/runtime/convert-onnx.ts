/**
 * Converts models to ONNX into files:
 * `node convert-onnx.ts <name> <temporary file> <file> [<name> <temporary file> <file> ...]`.
 * Started by onnx-cache.ts, so that the conversions' short-lived buffers live and die in this
 * process. Each model is written under its temporary name and renamed as soon as it is complete,
 * so a conversion that fails or is stopped half-way leaves the models before it usable.
 */
import fs from 'node:fs';
import { isOnnxName, onnxModelBytes } from './onnx.ts';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 3 !== 0) {
  console.error('usage: convert-onnx.ts <model name> <temporary file> <file> [...]');
  process.exit(2);
}
for (let i = 0; i < args.length; i += 3) {
  const [name, tmp, file] = args.slice(i, i + 3) as [string, string, string];
  if (!isOnnxName(name)) {
    console.error(`convert-onnx.ts: no model ${name}`);
    process.exit(2);
  }
  fs.writeFileSync(tmp, onnxModelBytes(name), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
