import { describe, expect, it } from 'vitest';
import {
  CLAIM_VEHICLE_TYPES,
  LICENCE_CATEGORY_TYPES,
  TRANSPORT_TYPES,
  TRANSPORT_TYPE_OF_LETTER,
  VEHICLE_TYPE_FILTER,
  VEHICLE_TYPE_LETTERS,
  VEHICLE_TYPE_NAMES,
  claimVehicleTypeOf,
  letterOfRegistryType,
  transportTypeOfCategory,
} from './vehicle-types.js';

describe('vehicle types', () => {
  it('[VT1] transport types', () => {
    expect(TRANSPORT_TYPES).toEqual(['CAR', 'BUS', 'LORRY', 'MOTORCYCLE', 'SCOOTER', 'BICYCLE', 'TRAILER', 'OTHERS']);
  });

  it('[VT2] vehicle type letters and their meaning', () => {
    expect(VEHICLE_TYPE_LETTERS).toEqual(['A', 'B', 'C', 'C2', 'D', 'E', 'F', 'G']);
    expect(VEHICLE_TYPE_NAMES).toEqual({
      A: 'car',
      B: 'motorcycle',
      C: 'lorry',
      C2: 'tractor',
      D: 'scooter',
      E: 'bus',
      F: 'trailer',
      G: 'others',
    });
  });

  it.each([
    ['A', 'CAR'],
    ['B', 'MOTORCYCLE'],
    ['C', 'LORRY'],
    ['D', 'MOTORCYCLE'],
    ['E', 'BUS'],
    ['F', 'TRAILER'],
    ['G', 'OTHERS'],
    [' c ', 'LORRY'],
    ['H', null],
    ['C2', null],
    ['toString', null],
  ])('[VT3] licence category %j is %s', (category, type) => {
    expect(transportTypeOfCategory(category)).toBe(type);
  });

  it('[VT3] the mapping has exactly the seven categories', () => {
    expect(Object.keys(LICENCE_CATEGORY_TYPES)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it('[VT4] filter map onto registry type codes', () => {
    expect(VEHICLE_TYPE_FILTER).toEqual({
      A: ['A'],
      B: ['B'],
      C: ['C.S', 'C.V'],
      C2: ['C.T'],
      D: ['D'],
      E: ['E'],
      F: ['F'],
      G: ['G'],
    });
    expect(letterOfRegistryType('C.V')).toBe('C');
    expect(letterOfRegistryType('C.T')).toBe('C2');
    expect(letterOfRegistryType('C')).toBeNull();
  });

  it('[VT5] claim vehicle-type names', () => {
    expect(CLAIM_VEHICLE_TYPES).toEqual({
      motorcycle: ['moped', 'motorcycle'],
      bus: ['trolleybus', 'bus'],
      lorry: ['freight vehicle'],
      others: ['tractor'],
      car: ['passenger car', 'other'],
      trailer: ['trailer'],
    });
    expect(claimVehicleTypeOf('Moped')).toBe('motorcycle');
    expect(claimVehicleTypeOf('trolleybus')).toBe('bus');
    expect(claimVehicleTypeOf('other')).toBe('car');
    expect(claimVehicleTypeOf('tractor')).toBe('others');
    expect(claimVehicleTypeOf('boat')).toBeNull();
  });

  it('[VT6] each letter has a transport type', () => {
    expect(TRANSPORT_TYPE_OF_LETTER).toEqual({
      A: 'CAR',
      B: 'MOTORCYCLE',
      C: 'LORRY',
      C2: 'OTHERS',
      D: 'SCOOTER',
      E: 'BUS',
      F: 'TRAILER',
      G: 'OTHERS',
    });
  });
});
