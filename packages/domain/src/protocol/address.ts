import * as v from 'valibot';
import { object } from '../rules/schema.js';
export const ADDRESS_SUGGESTION_LIMIT = 8;

const coordinate = (min: number, max: number) => v.pipe(v.string(), v.regex(/^-?\d{1,3}(\.\d{1,10})?$/), v.transform(Number), v.minValue(min), v.maxValue(max));

export const AddressQuerySchema = v.union([
  object({ q: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(100)) }),
  object({ lat: coordinate(-90, 90), lon: coordinate(-180, 180) }),
]);
