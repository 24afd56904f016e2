// Validates a real answer of the sandbox against resources/openapi.json: the operation must document
// the status, and the body must match that status's schema (JSON Schema 2020-12, via Ajv).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = Record<string, unknown>;
export const OPENAPI = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../resources/openapi.json'), 'utf8')) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(OPENAPI, 'openapi.json');

const templates = Object.keys(OPENAPI.paths as Json).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** Returns a description of the mismatch, or null when the answer conforms. */
export function openApiMismatch(method: string, path: string, status: number, body: unknown): string | null {
  const bare = path.split('?')[0] as string;
  const found = templates.find((t) => t.regex.test(bare));
  if (!found) return status === 404 ? null : `no documented path for ${bare}`;
  const operation = (OPENAPI.paths as Record<string, Json>)[found.template]?.[method.toLowerCase()] as Json | undefined;
  if (!operation) return status === 404 ? null : `no documented ${method} for ${found.template}`;
  const response = (operation.responses as Record<string, Json>)[String(status)];
  if (!response) return `status ${status} is not documented for ${method} ${found.template}`;
  const schema = ((response.content as Json)['application/json'] as Json).schema as { $ref: string };
  const validate = ajv.getSchema(`openapi.json${schema.$ref}`);
  if (!validate) return `schema ${schema.$ref} missing`;
  return validate(body) ? null : `${method} ${found.template} ${status}: ${ajv.errorsText(validate.errors)}`;
}
