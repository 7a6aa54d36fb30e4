/**
 * Issue 36 item 3: the OpenAPI 3.1 document of the insurers' API, generated from the same contracts
 * the server serves them by (the domain's HTTP_CALLS: path, method, caller, the inputs' and the
 * answers' valibot schemas, converted as the published data schema is). Nothing here is written
 * twice: a call added to the contracts with the caller `insurer` is in the document.
 */
import * as v from 'valibot';
import { HTTP_CALLS, HTTP_CALL_NAMES, INSURER_API_PATH, INSURER_TOKEN_PATH, type HttpCall, type HttpCallName } from '@eid/domain/protocol';
import { INSURER_DATA_VERSION, OAuthErrorSchema, TokenRequestSchema, WEBHOOK_EVENT_FINISHED, WebhookPayloadSchema } from '@eid/domain/insurer';
import { jsonSchemaOf, type JsonSchema } from './declaration-schema.js';

/** The calls the document describes: the insurers' own, the token endpoint and the data's schema. */
export const INSURER_API_CALLS: readonly HttpCallName[] = HTTP_CALL_NAMES.filter((n) => HTTP_CALLS[n].caller === 'insurer' || n === 'insurerToken' || n === 'insurerDataSchema' || n === 'insurerOpenApi');

const ErrorSchema = v.object({ code: v.pipe(v.string(), v.description('The service\'s typed error code (INSURER_TOKEN_INVALID, INSURER_RECORD_NOT_FOUND, DATA_ERROR, RATE_LIMITED ...).')) });

/** `:name` path parameters as OpenAPI writes them (`{name}`). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return { name, in: where, required: where === 'path' || (object.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest };
  });
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const refusal = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });

function operation(name: HttpCallName): JsonSchema {
  const call: HttpCall = HTTP_CALLS[name];
  const responses: Record<string, unknown> = {};
  if (name === 'insurerToken') {
    responses['200'] = { description: 'The access token.', content: json(jsonSchemaOf(call.resultSchema!)) };
    responses['400'] = { description: 'An OAuth 2.0 error (RFC 6749 §5.2): invalid_request, unsupported_grant_type ...', content: json(jsonSchemaOf(OAuthErrorSchema)) };
    responses['401'] = { description: 'invalid_client: an unknown or revoked client, or a wrong secret (one answer for each).', content: json(jsonSchemaOf(OAuthErrorSchema)) };
  } else if (call.answers === 'file') {
    const type = call.fileType ?? 'application/octet-stream';
    const description = call.fileType ? `The file's bytes (${call.fileType}).` : "The file's bytes, with its content type (image/jpeg, image/png, audio/…).";
    responses['200'] = { description, content: { [type]: { schema: { type: 'string', contentMediaType: type } } } };
  } else if (name === 'insurerDeclaration') {
    responses['200'] = { description: 'The declaration as data.', content: json({ $ref: '#/components/schemas/Declaration' }) };
  } else if (call.resultSchema) {
    responses['200'] = { description: 'The answer.', content: json(jsonSchemaOf(call.resultSchema)) };
  } else {
    responses['200'] = { description: 'The document.', content: json({ type: 'object' }) };
  }
  if (call.caller === 'insurer') {
    responses['401'] = refusal('INSURER_TOKEN_INVALID: no bearer token, or one unknown, ended or of a revoked client.');
    responses['404'] = refusal('INSURER_RECORD_NOT_FOUND: not there, or not this insurer\'s (the same answer).');
  }
  if (call.params || call.query) responses['400'] = refusal('DATA_ERROR: an input out of its range.');
  responses['429'] = refusal('RATE_LIMITED: too many calls a minute from this address.');
  return {
    operationId: name,
    summary: call.summary ?? name,
    ...(call.caller === 'insurer' ? { security: [{ clientCredentials: [] }] } : { security: [] }),
    parameters: [...parameters(call.params, 'path'), ...parameters(call.query, 'query')],
    ...(name === 'insurerToken' ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: jsonSchemaOf(TokenRequestSchema) } } } } : {}),
    ...(call.body && name !== 'insurerToken' ? { requestBody: { required: true, content: json(jsonSchemaOf(call.body)) } } : {}),
    responses,
  };
}

export function insurerOpenApi(publicUrl: string, declarationSchema: JsonSchema): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const name of INSURER_API_CALLS) {
    const call = HTTP_CALLS[name];
    (paths[openApiPath(call.path)] ??= {})[call.method.toLowerCase()] = operation(name);
  }
  const { $schema: _dialect, ...declaration } = declarationSchema;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'EID for insurers',
      version: INSURER_DATA_VERSION,
      description: `The finished road-accident declarations for an insurer's systems: the feed, each declaration as data, its files. Authenticate with OAuth 2.0 client credentials at ${INSURER_TOKEN_PATH}. The calls are under ${INSURER_API_PATH}.`,
    },
    servers: [{ url: publicUrl.replace(/\/$/, '') }],
    paths,
    // What the service sends to a client's webhook address (Standard Webhooks 1.0).
    webhooks: {
      [WEBHOOK_EVENT_FINISHED]: {
        post: {
          summary: 'A declaration for this insurer was finished: pull it.',
          parameters: [
            { name: 'webhook-id', in: 'header', required: true, description: 'The delivery\'s id: the same on every attempt; take each once.', schema: { type: 'string' } },
            { name: 'webhook-timestamp', in: 'header', required: true, description: 'When this attempt was signed (seconds since the epoch); refuse one more than 5 minutes off.', schema: { type: 'string' } },
            { name: 'webhook-signature', in: 'header', required: true, description: '`v1,` and the base64 HMAC-SHA256, keyed with the webhook secret, of `id.timestamp.body`.', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: json(jsonSchemaOf(WebhookPayloadSchema)) },
          responses: { '2XX': { description: 'Taken. Anything else (or no answer in 10 s) is tried again: after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, then every 10-12 h, for about three days.' } },
        },
      },
    },
    components: {
      securitySchemes: { clientCredentials: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: INSURER_TOKEN_PATH, scopes: {} } } } },
      schemas: { Declaration: declaration, Error: jsonSchemaOf(ErrorSchema) },
    },
  };
}
