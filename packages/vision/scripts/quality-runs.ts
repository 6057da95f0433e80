/**
 * The measurements behind docs/quality.md, as `npm run quality` (scripts/quality.ts) runs them: each
 * a script of this folder with the mode its section quotes. test/quality-runs.test.ts checks that
 * every script exists and knows its mode.
 */
export interface QualityRun {
  /** File name of its output in docs/quality-runs (and the name to select it by). */
  name: string;
  /** The measurement script in packages/vision/scripts. */
  script: string;
  args: string[];
  /** A timing, run only with --speed (under `taskset -c 0`). */
  speed?: boolean;
}

const run = (name: string, script: string, args: string[], speed = false): QualityRun => ({
  name,
  script,
  args,
  speed,
});

/** Every measurement docs/quality.md cites, by its script and the modes its sections quote. */
export const QUALITY_RUNS: readonly QualityRun[] = [
  run('faces', 'measure-faces.ts', []),
  run('attributes', 'measure-attributes.ts', []),
  run('compare', 'measure-compare.ts', []),
  run('face-eval', 'measure-face-eval.ts', []),
  run('detect', 'measure-detect.ts', []),
  run('thorough', 'measure-thorough.ts', ['quality']),
  run('body-pose', 'measure-body.ts', ['pose']),
  run('body-segment', 'measure-body.ts', ['segment']),
  run('contour', 'measure-contour.ts', ['quality']),
  run('apparel-tune', 'measure-apparel.ts', ['tune']),
  run('apparel-report', 'measure-apparel.ts', ['report']),
  run('humandetect-tune', 'measure-humandetect.ts', ['tune']),
  run('humandetect-boxes', 'measure-humandetect.ts', ['boxes']),
  run('hand', 'measure-hand.ts', ['quality']),
  run('skinhair', 'measure-skinhair.ts', ['quality']),
  run('skinhair-tune', 'measure-skinhair.ts', ['tune']),
  run('hair-tune', 'measure-hair.ts', ['tune']),
  run('hair-report', 'measure-hair.ts', ['report']),
  run('hair-portraits-tune', 'measure-hair.ts', ['tune', 'portraits']),
  run('hair-portraits-report', 'measure-hair.ts', ['report', 'portraits']),
  run('facemask', 'measure-facemask.ts', ['quality']),
  run('facemask-real', 'measure-facemask.ts', ['real']),
  run('ornaments', 'measure-ornaments.ts', ['quality']),
  run('ornaments-portraits', 'measure-ornaments.ts', ['portraits']),
  run('skin', 'measure-skin.ts', ['quality']),
  run('skin-portraits', 'measure-skin.ts', ['portraits']),
  run('retouch', 'measure-retouch.ts', []),
  run('tone-hdr', 'measure-tone.ts', ['hdr']),
  run('tone-night', 'measure-tone.ts', ['night']),
  run('tone-looks', 'measure-tone.ts', ['looks']),
  run('restore-enhance-tune', 'measure-restore.ts', ['enhance', 'tune']),
  run('restore-enhance-report', 'measure-restore.ts', ['enhance', 'report']),
  run('restore-denoise-tune', 'measure-restore.ts', ['denoise', 'tune']),
  run('restore-denoise-report', 'measure-restore.ts', ['denoise', 'report']),
  run('restore-restore-tune', 'measure-restore.ts', ['restore', 'tune']),
  run('restore-restore-report', 'measure-restore.ts', ['restore', 'report']),
  run('idphoto-placement', 'measure-idphoto.ts', ['placement']),
  run('idphoto-refusals', 'measure-idphoto.ts', ['refusals']),
  run('sky', 'measure-sky.ts', ['quality']),
  run('aesthetic', 'measure-aesthetic.ts', ['rank']),
  run('stickers', 'measure-stickers.ts', []),
  run('styles-stats', 'measure-styles.ts', ['stats']),
  run('styles-faces', 'measure-styles.ts', ['faces']),
  run('scene', 'measure-scene.ts', ['quality']),
  run('album', 'measure-scene.ts', ['album']),
  run('text-tune', 'measure-text.ts', ['tune']),
  run('text-report', 'measure-text.ts', ['report']),
  run('text-holdout', 'measure-text.ts', ['report', 'holdout']),
  run('depth', 'measure-depth.ts', ['order']),
  run('pets-tune', 'measure-pets.ts', ['tune']),
  run('pets-report', 'measure-pets.ts', ['report']),
  run('food-tune', 'measure-food.ts', ['tune']),
  run('food-report', 'measure-food.ts', ['report']),
  run('food-mask', 'measure-food.ts', ['mask']),
  run('fusion', 'measure-fusion.ts', []),
  run('speed-body', 'measure-body.ts', ['speed'], true),
  run('speed-contour', 'measure-contour.ts', ['speed'], true),
  run('speed-apparel', 'measure-apparel.ts', ['speed'], true),
  run('speed-humandetect', 'measure-humandetect.ts', ['speed'], true),
  run('speed-hand', 'measure-hand.ts', ['speed'], true),
  run('speed-skinhair', 'measure-skinhair.ts', ['speed'], true),
  run('speed-hair', 'measure-hair.ts', ['speed'], true),
  run('speed-facemask', 'measure-facemask.ts', ['speed'], true),
  run('speed-ornaments', 'measure-ornaments.ts', ['speed'], true),
  run('speed-skin', 'measure-skin.ts', ['speed'], true),
  run('speed-tone', 'measure-tone.ts', ['speed'], true),
  run('speed-restore', 'measure-restore.ts', ['speed'], true),
  run('speed-idphoto', 'measure-idphoto.ts', ['speed'], true),
  run('speed-sky', 'measure-sky.ts', ['speed'], true),
  run('speed-aesthetic', 'measure-aesthetic.ts', ['speed'], true),
  run('speed-styles', 'measure-styles.ts', ['speed'], true),
  run('speed-scene', 'measure-scene.ts', ['speed'], true),
  run('speed-text', 'measure-text.ts', ['speed'], true),
  run('speed-depth', 'measure-depth.ts', ['speed'], true),
  run('speed-pets', 'measure-pets.ts', ['speed'], true),
  run('speed-food', 'measure-food.ts', ['speed'], true),
  run('speed-effects', 'measure-effects.ts', [], true),
  run('speed-beauty', 'measure-beauty.ts', [], true),
  run('speed-uploaded-sticker', 'measure-uploaded-sticker.ts', [], true),
  run('speed-uploaded-look', 'measure-uploaded-look.ts', [], true),
  run('speed-worker-memory', 'measure-worker-memory.ts', [], true),
  run('speed-onnx-memory-convert', 'measure-onnx-memory.ts', ['convert'], true),
  run('speed-onnx-memory-files', 'measure-onnx-memory.ts', ['files'], true),
  run('speed-onnx-arena', 'measure-onnx-memory.ts', ['speed'], true),
];
