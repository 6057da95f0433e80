import type { Group } from '@pixora/catalog';

/**
 * The capability groups of the product contract, in menu order. Kept here as a plain list so the
 * first page load does not bundle the whole catalogue; a test checks it matches `@pixora/catalog`.
 */
export const ALGORITHM_GROUPS = [
  'faceTechnology',
  'bodyTechnology',
  'imageRecognition',
  'imageProcessing',
  'imageEditing',
  'generateImages',
  'diretectionPosition',
  'solution',
] as const satisfies readonly Group[];

export function isAlgorithmGroup(value: string): value is Group {
  return (ALGORITHM_GROUPS as readonly string[]).includes(value);
}
