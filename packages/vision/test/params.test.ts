import { describe, expect, it } from 'vitest';
import { parseFaceAnalysisParams } from '../src/algorithms/face/analysis-params.ts';
import { FACEPOINTS_DEFAULTS, parseFacePointsParams } from '../src/algorithms/face/facepoints-params.ts';
import { TaskParamsError } from '../src/errors.ts';

describe('face task parameters', () => {
  it('fall back to the defaults when none are given', () => {
    expect(parseFacePointsParams(undefined)).toEqual(FACEPOINTS_DEFAULTS);
    expect(parseFaceAnalysisParams({})).toMatchObject({ maxFaces: 20, minConfidence: 0.4, faceres: false });
  });

  it('read the detection parameters both tasks share', () => {
    const given = { maxFaces: 3, minConfidence: 0.7, smallFaces: false };
    expect(parseFacePointsParams(given)).toEqual({ ...given, landmarkType: '468' });
    expect(parseFaceAnalysisParams({ ...given, emotion: true })).toMatchObject({ ...given, emotion: true });
  });

  it('take the 106- and 118-point layouts as facepoints options, and refuse other layouts', () => {
    expect(parseFacePointsParams({ landmarkType: 'all' }).landmarkType).toBe('all');
    expect(parseFacePointsParams({ landmarkType: '118' }).landmarkType).toBe('118');
    expect(() => parseFacePointsParams({ landmarkType: '98' })).toThrow(
      'landmarkType must be one of 468, 106, 118, all',
    );
  });

  it('turn on faceres when the descriptor is asked', () => {
    expect(parseFaceAnalysisParams({ descriptor: true })).toMatchObject({ descriptor: true, faceres: true });
  });

  it.each([
    [{ maxFaces: 0 }, 'maxFaces must be an integer between 1 and 100'],
    [{ maxFaces: 2.5 }, 'maxFaces must be an integer between 1 and 100'],
    [{ minConfidence: 0.01 }, 'minConfidence must be a number between 0.05 and 1'],
    [{ smallFaces: 'yes' }, 'smallFaces must be a boolean'],
  ])('refuse %j in both tasks', (raw, message) => {
    for (const parse of [parseFacePointsParams, parseFaceAnalysisParams]) {
      expect(() => parse(raw)).toThrow(TaskParamsError);
      expect(() => parse(raw)).toThrow(message);
    }
  });

  it('refuse a non-boolean analysis switch and parameters that are not an object', () => {
    expect(() => parseFaceAnalysisParams({ gear: 1 })).toThrow('gear must be a boolean');
    expect(() => parseFacePointsParams([] as unknown as Record<string, unknown>)).toThrow(
      'params must be an object',
    );
  });
});
