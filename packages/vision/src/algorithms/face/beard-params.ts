/**
 * beard (v1/beard): parameter and result types, defaults and validation. Kept apart from the
 * drawing and model code so that importing them (e.g. from the HTTP gateway) does not load
 * TensorFlow.js.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageTaskResult } from '../kinds.ts';
import { numberParam } from '../param-checks.ts';
import { RETOUCH_MAX_FACES, type RetouchAnswer } from './retouch-tasks-params.ts';

/** The beard and moustache styles (values of `style`); their regions are in beard.ts. */
export const BEARD_STYLES = [
  'full',
  'goatee',
  'moustache',
  'stubble',
  'chin_strap',
  'handlebar',
  'van_dyke',
] as const;
export type BeardStyle = (typeof BEARD_STYLES)[number];

/** The named hair colours (values of `color` besides a hex colour), sRGB. */
export const BEARD_COLOURS = {
  black: '#1b1613',
  brown: '#4b3222',
  grey: '#8e8a86',
  blond: '#b8955e',
} as const;
export type BeardColourName = keyof typeof BEARD_COLOURS;

export interface BeardParams {
  style: BeardStyle;
  /** A colour name of BEARD_COLOURS or `#rrggbb` (lower case); `colorHex`, when given, is taken instead. */
  color: string;
  /** sRGB `#rrggbb` of `color`. */
  hex: string;
  /** Opacity of the drawn hair, 0..100 (0 draws nothing). */
  strength: number;
  /** How many hairs, 0..100 (0: only the shadow of the beard's area). */
  density: number;
  maxFaceNum: number;
}

export const BEARD_DEFAULTS = Object.freeze({
  style: 'full' as BeardStyle,
  color: 'black',
  strength: 85,
  density: 60,
  maxFaceNum: 20,
});

export type BeardResult = ImageTaskResult<
  RetouchAnswer & { beard: { style: BeardStyle; color: string; strength: number; density: number } }
>;

const HEX = /^#?([0-9a-fA-F]{6})$/;
const STRENGTH = { min: 0, max: 100 };

export function parseBeardParams(raw: Record<string, unknown> | undefined): BeardParams {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new TaskParamsError('params must be an object');
  const given = raw ?? {};
  const style = given.style ?? BEARD_DEFAULTS.style;
  if (typeof style !== 'string' || !(BEARD_STYLES as readonly string[]).includes(style))
    throw new TaskParamsError(`style must be one of ${BEARD_STYLES.join(', ')}`);
  // colorHex (any colour) replaces color (a name or a hex colour) when both are given.
  const colour = given.colorHex ?? given.color ?? BEARD_DEFAULTS.color;
  let color: string;
  let hex: string;
  if (typeof colour === 'string' && Object.prototype.hasOwnProperty.call(BEARD_COLOURS, colour)) {
    color = colour;
    hex = BEARD_COLOURS[colour as BeardColourName];
  } else {
    const match = typeof colour === 'string' ? HEX.exec(colour) : null;
    if (!match)
      throw new TaskParamsError(
        given.colorHex !== undefined
          ? 'colorHex must be a colour #rrggbb'
          : `color must be one of ${Object.keys(BEARD_COLOURS).join(', ')} or #rrggbb`,
      );
    color = `#${match[1]!.toLowerCase()}`;
    hex = color;
  }
  return {
    style: style as BeardStyle,
    color,
    hex,
    strength: numberParam(given, 'strength', STRENGTH) ?? BEARD_DEFAULTS.strength,
    density: numberParam(given, 'density', STRENGTH) ?? BEARD_DEFAULTS.density,
    maxFaceNum:
      numberParam(given, 'maxFaceNum', { min: 1, max: RETOUCH_MAX_FACES, integer: true }) ??
      BEARD_DEFAULTS.maxFaceNum,
  };
}
