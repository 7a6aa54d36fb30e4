import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestReading, plateCandidates, plateRecognitionStatus, PLATE_RECOGNITION_OUTCOMES } from './plate-recognition.js';

describe('plate recognition rules', () => {
  it.each([
    ['KLM123', 'KLM123'],
    ['LT KLM 123', 'KLM123'],
    ['LTKLM123', 'KLM123'],
    ['KLM-123\n', 'KLM123'],
    ['K1M123', 'KIM123'],
    ['KLMI23', 'KLM123'],
    ['HBN5I2', 'HBN512'],
    ['915 AVR', '915AVR'],
    ['VB273', 'VB273'],
    ['P1234', 'P1234'],
    ['T12345', 'T12345'],
    ['LT | DVU058 |', 'DVU058'],
  ])('[OCR1] the OCR text %j reads as the plate %s', (text, plate) => {
    expect(plateCandidates(text)[0]).toBe(plate);
  });

  it('[OCR1] text without a plate gives no candidate', () => {
    expect(plateCandidates('')).toEqual([]);
    expect(plateCandidates('LT')).toEqual([]);
    expect(plateCandidates('hello world')).toEqual([]);
  });

  it('[OCR1] every candidate is a normalised plate of a Lithuanian format, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        for (const c of plateCandidates(text)) expect(c).toMatch(/^([A-Z]{3}\d{3}|\d{3}[A-Z]{3}|[A-Z]\d{5}|[A-Z]\d{4}|[A-Z]{2}\d{3}|\d{2}[A-Z]{3}|[A-Z]{2}\d{4})$/);
      }),
    );
  });

  it('[OCR2] the status: own plate OK, the other vehicle\'s ERROR_WRONG_PLATE, neither ERROR_NOT_IN_EID, nothing NOT_FOUND', () => {
    expect(plateRecognitionStatus('klm 123', 'KLM123', 'HBN512')).toBe('OK');
    expect(plateRecognitionStatus('HBN512', 'KLM123', 'HBN512')).toBe('ERROR_WRONG_PLATE');
    expect(plateRecognitionStatus('KLM128', 'KLM123', 'HBN512')).toBe('ERROR_NOT_IN_EID');
    expect(plateRecognitionStatus(null, 'KLM123', 'HBN512')).toBe('NOT_FOUND');
    expect(bestReading(['ABC999', 'KLM128', 'KLM123'], 'KLM123')).toBe('KLM123');
    expect(bestReading(['ABC999', 'KLM128'], 'KLM123')).toBe('KLM128');
    expect(bestReading([], 'KLM123')).toBeNull();
    expect(PLATE_RECOGNITION_OUTCOMES).toEqual(['REFOTO', 'SWITCH', 'NOTHING', 'ERROR']);
  });
});
