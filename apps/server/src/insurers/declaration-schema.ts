/**
 * Issue 36 item 1: the JSON Schema of what an insurer receives, generated from the domain's valibot
 * schema (`@eid/domain/insurer`) by valibot's official converter, never written by hand. Published
 * at INSURER_SCHEMA_PATH (its major version in the address) and copied in the repository
 * (docs/insurer-api/declaration-v2.schema.json), which the compatibility test holds it to.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { INSURER_DATA_MAJOR, INSURER_DATA_VERSION, InsurerDeclarationSchema } from '@eid/domain/insurer';
import { INSURER_SCHEMA_PATH } from '@eid/domain/protocol';

export type JsonSchema = Record<string, unknown>;

/** A valibot schema of the insurers' side as JSON Schema (draft 2020-12), by the rules below. */
export function jsonSchemaOf(schema: GenericSchema): JsonSchema {
  // A `check` (a green card's country is not Lithuania, a real calendar date) has no JSON Schema
  // form, nor have `trim` (it changes input) and `finite` (every JSON number is): the service checks them before
  // sending; anything else unconvertible fails loudly here.
  // A pattern with the `u` flag is written as it is: JSON Schema patterns are read with Unicode
  // semantics (ECMA-262 `u`), so the flag is the schema's own.
  return toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'throw',
    ignoreActions: ['check', 'trim', 'finite', 'transform', 'to_min_value'],
    overrideAction: ({ valibotAction, jsonSchema }) => {
      const requirement = (valibotAction as { requirement?: unknown }).requirement;
      if (valibotAction.type === 'regex' && requirement instanceof RegExp && requirement.flags === 'u') return { ...jsonSchema, pattern: requirement.source };
      // A bound after a transform (a query's digits read as a number) is the number's: the text's own pattern says it.
      if ((valibotAction.type === 'max_value' || valibotAction.type === 'min_value') && jsonSchema.type === 'string') return { ...jsonSchema };
      return undefined;
    },
  }) as JsonSchema;
}

/** The published JSON Schema (draft 2020-12) of the current data model, its `$id` under `publicUrl`. */
export function insurerDeclarationJsonSchema(publicUrl: string): JsonSchema {
  const generated = jsonSchemaOf(InsurerDeclarationSchema);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...generated,
    $id: new URL(INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR), publicUrl).toString(),
    // The data model's full version; its major is in the address.
    'x-eid-version': INSURER_DATA_VERSION,
  };
}
