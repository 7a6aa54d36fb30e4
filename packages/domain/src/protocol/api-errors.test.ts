import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, isApiErrorCode } from './api-errors.js';
import { ERROR_CODE_FAMILIES, isErrorCode } from '../rules/errors.js';

describe('API edge error codes', () => {
  it('[ERR9] every code the HTTP/RPC edge answers with is in the one ErrorCode union', () => {
    expect(API_ERROR_CODES.every(isErrorCode)).toBe(true);
    expect(API_ERROR_CODES).toContain('DATA_ERROR');
    expect(API_ERROR_CODES).toContain('ROUTE_NOT_FOUND');
    expect(ERROR_CODE_FAMILIES.apiEdge).toEqual(['STORAGE_FULL', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED']);
    expect(isApiErrorCode('NOT_FOUND')).toBe(false);
    expect(isApiErrorCode('PAYLOAD_TOO_LARGE')).toBe(true);
  });
});
