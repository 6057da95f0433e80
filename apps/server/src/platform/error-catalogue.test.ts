import { describe, expect, it } from 'vitest';
import { ApiError, errorBody, errorCatalogue, httpStatusMeaning } from './error-catalogue.ts';

// Codes and statuses of the product's error catalogue, copied from the contract.
const specCodes = [
  20001, 20003, 20004, 20007, 20008, 20009, 20010, 20011, 20012, 20013, 20014, 20015, 21017, 20020, 20021,
  20022, 20023, 220003, 10000, 10002, 10003, 10004, 10005, 10006, 10007, 10008, 10009, 10010, 10011, 10012,
  10013, 10014, 10015, 10016, 10017, 10018, 10019, 10020, 10024, 10030, 19999,
];
const specStatuses = [401, 599, 400, 429, 503, 502, 424, 415, 404, 403, 406, 413];

describe('error catalogue', () => {
  it('holds every code and status of the contract', () => {
    for (const code of specCodes) expect(errorCatalogue, String(code)).toHaveProperty(String(code));
    for (const status of specStatuses)
      expect(httpStatusMeaning, String(status)).toHaveProperty(String(status));
  });

  it('gives each code a status of the contract', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(specStatuses.concat(500), code).toContain(entry.status);
    }
  });

  it('renders the body clients read', () => {
    const body = errorBody(new ApiError(20003));
    expect(body).toEqual({ ErrorCode: 20003, ErrorMsg: 'No face detected', Data: null });
    expect(new ApiError(10015).status).toBe(503);
    expect(new ApiError(10003, 'HTTP 404').message).toBe('Image download failed: HTTP 404');
  });
});
