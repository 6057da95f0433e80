/**
 * The 8-bit integer plans of the super-resolution networks (keras-onnx.ts Int8Plan): which
 * convolutions run in int8 and the calibrated range of every tensor they read or write.
 * Written by packages/vision/scripts/calibrate-enhance.ts (the method and the photos are
 * described there); do not edit by hand.
 */
import type { Int8Plan } from './keras-onnx.ts';

export const ESRGAN_INT8: Record<'esrgan-slim-x2' | 'esrgan-slim-x4', Int8Plan> = {
  'esrgan-slim-x2': {
    layers: ['F_0', 'F_1_1', 'LFF_1', 'F_2_1', 'LFF_2', 'GFF_1', 'GFF_2'],
    ranges: {
      LR: [0, 255],
      'F_m1/conv': [-112.836, 105.982],
      'F_0/conv': [-128.486, 113.278],
      'F_1_1/conv': [-119.75, 309.991],
      'F_1_1_Relu/relu': [0, 309.991],
      RDB_Concat_1_1: [-128.486, 309.991],
      'LFF_1/conv': [-48.216, 57.816],
      LRL_1: [-139.581, 143.887],
      'F_2_1/conv': [-160.18, 196.32],
      'F_2_1_Relu/relu': [0, 196.32],
      RDB_Concat_2_1: [-139.581, 196.32],
      'LFF_2/conv': [-48.956, 46.083],
      LRLs_Concat: [-159.434, 161.768],
      'GFF_1/conv': [-140.584, 142.869],
      'GFF_2/conv': [-295.239, 263.356],
      FDF: [-338.311, 295.921],
      'UPN1/conv': [-1526.999, 705.888],
      'UPN1_Relu/relu': [0, 705.888],
      'UPN2/conv': [-830.311, 1272.237],
      'UPN2_Relu/relu': [0, 1272.237],
      'UPN3/conv': [-731.324, 776.397],
      UPsample: [-731.324, 776.397],
      'SR/conv': [-18.064, 283.002],
    },
  },
  'esrgan-slim-x4': {
    layers: ['F_0', 'F_1_1', 'LFF_1', 'F_2_1', 'LFF_2', 'GFF_1', 'GFF_2'],
    ranges: {
      LR: [0, 255],
      'F_m1/conv': [-99.783, 91.724],
      'F_0/conv': [-81.941, 83.056],
      'F_1_1/conv': [-167.316, 210.529],
      'F_1_1_Relu/relu': [0, 210.529],
      RDB_Concat_1_1: [-81.941, 210.529],
      'LFF_1/conv': [-48.926, 32.589],
      LRL_1: [-89.837, 82.996],
      'F_2_1/conv': [-163.146, 138.228],
      'F_2_1_Relu/relu': [0, 138.228],
      RDB_Concat_2_1: [-89.837, 138.228],
      'LFF_2/conv': [-36.82, 29.015],
      LRLs_Concat: [-94.969, 95.995],
      'GFF_1/conv': [-68.848, 54.172],
      'GFF_2/conv': [-127.275, 94.065],
      FDF: [-159.425, 125.491],
      'UPN1/conv': [-818.465, 475.501],
      'UPN1_Relu/relu': [0, 475.501],
      'UPN2/conv': [-367.058, 419.475],
      'UPN2_Relu/relu': [0, 419.475],
      'UPN3/conv': [-278.766, 294.776],
      UPsample: [-278.766, 294.776],
      'SR/conv': [-20.282, 288.485],
    },
  },
};
