import { describe, expect, it } from 'vitest';
import { describeError, ERROR_CODES, LONG_MESSAGE_DURATION_MS, MESSAGE_DURATION_MS } from './errors.ts';
import { failureFromBody, type ApiFailure } from './http.ts';
import en from '../i18n/locales/en/index.ts';
import zh from '../i18n/locales/zh/index.ts';
import zhTw from '../i18n/locales/zh_tw/index.ts';

const http = (status: number, code: number | null = null, message = ''): ApiFailure => ({
  kind: 'http',
  status,
  code,
  message,
});

const text = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
const english = (key: string) => text(en, key);

describe('describeError', () => {
  it('shows 400 and 429 by error code', () => {
    expect(describeError(http(400, 20003))).toMatchObject({
      key: 'errors.code.20003',
      duration: 2000,
      show: true,
    });
    expect(english(describeError(http(400, 20003)).key)).toBe('No face detected');
    expect(english(describeError(http(400, 20004)).key)).toBe('More than one face');
    expect(english(describeError(http(429, 10029)).key)).toBe('Operation too frequent.');
  });

  it('falls back to a generic message for an unknown code', () => {
    expect(describeError(http(400, 99999, 'weird')).key).toBe('errors.requestError');
    expect(describeError(http(400)).key).toBe('errors.requestError');
  });

  it('maps each status of the catalogue', () => {
    expect(english(describeError(http(413, 20015)).key)).toBe('Request entity too long');
    expect(english(describeError(http(503, 10015)).key)).toBe('Service temporarily unavailable, retry later');
    expect(english(describeError(http(424, 10003)).key)).toBe('Image download failed');
    expect(english(describeError(http(599, 10002)).key)).toBe('Algorithm connection timeout');
    expect(english(describeError(http(502)).key)).toBe('No response');
    expect(english(describeError(http(415)).key)).toBe('Algorithm internal exception');
    expect(english(describeError(http(403)).key)).toBe(
      'Unauthorized application, request cannot be executed',
    );
    expect(english(describeError(http(401)).key)).toBe('Permission verification failed');
    expect(english(describeError(http(500)).key)).toBe('Cannot request');
  });

  it('shows 503, 406 and 413 for 3 s and the others for 2 s', () => {
    expect(describeError(http(503)).duration).toBe(LONG_MESSAGE_DURATION_MS);
    expect(describeError(http(406)).duration).toBe(LONG_MESSAGE_DURATION_MS);
    expect(describeError(http(413)).duration).toBe(LONG_MESSAGE_DURATION_MS);
    expect(describeError(http(424)).duration).toBe(MESSAGE_DURATION_MS);
    expect(describeError(http(400, 20003)).duration).toBe(MESSAGE_DURATION_MS);
    expect(LONG_MESSAGE_DURATION_MS).toBe(3000);
    expect(MESSAGE_DURATION_MS).toBe(2000);
  });

  it('shows the server text for 406', () => {
    expect(describeError(http(406, null, 'Not acceptable here'))).toMatchObject({
      serverMessage: 'Not acceptable here',
      key: 'errors.status.406',
    });
  });

  it('only records 404', () => {
    expect(describeError(http(404, 10023))).toMatchObject({ show: false, key: 'errors.code.10023' });
  });

  it('ends the session on a console 401', () => {
    expect(describeError(http(401), 'console')).toMatchObject({
      key: 'errors.loginExpired',
      endSession: true,
    });
    expect(describeError(http(401), 'gateway').endSession).toBe(false);
  });

  it('names timeouts and network failures', () => {
    expect(describeError({ kind: 'timeout', status: 0, code: null, message: '' }).key).toBe('errors.timeout');
    expect(describeError({ kind: 'network', status: 0, code: null, message: '' }).key).toBe('errors.network');
  });

  it('says the face errors of the demos in three languages', () => {
    const face = [
      [400, 20003, 'No face detected', '未检测到人脸', '未偵測到人臉'],
      [400, 20004, 'More than one face', '检测到多张人脸', '偵測到多張人臉'],
      [
        400,
        20010,
        'No face detected in the second image',
        '第二张图片中未检测到人脸',
        '第二張圖片中未偵測到人臉',
      ],
      [400, 20021, 'Face not frontal: pitch too large', '非正脸：俯仰角过大', '非正臉：俯仰角過大'],
      [400, 20022, 'Face not frontal: yaw too large', '非正脸：偏航角过大', '非正臉：偏航角過大'],
      [400, 20023, 'Face too small: too few pixels', '人脸过小，像素过低', '人臉過小，像素過低'],
    ] as const;
    for (const [status, code, inEnglish, inZh, inZhTw] of face) {
      const { key } = describeError(http(status, code));
      expect([text(en, key), text(zh, key), text(zhTw, key)]).toEqual([inEnglish, inZh, inZhTw]);
    }
  });

  it('has a message for every code of the catalogue', () => {
    for (const code of ERROR_CODES)
      expect(english(`errors.code.${code}`), String(code)).toEqual(expect.any(String));
  });
});

describe('failureFromBody', () => {
  it('reads the gateway error body', () => {
    expect(
      failureFromBody(400, { ErrorCode: 20003, ErrorMsg: 'NO_FACE', Data: null }, 'Bad Request'),
    ).toEqual({
      kind: 'http',
      status: 400,
      code: 20003,
      message: 'NO_FACE',
    });
  });

  it('reads error and message fields and survives a non-JSON body', () => {
    expect(failureFromBody(500, { code: '10024', error: 'boom' }, 'x')).toMatchObject({
      code: 10024,
      message: 'boom',
    });
    expect(failureFromBody(502, '<html>', 'Bad Gateway')).toMatchObject({
      code: null,
      message: 'Bad Gateway',
    });
  });
});
