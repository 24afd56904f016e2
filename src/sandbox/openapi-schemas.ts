// The shared zod schemas of API v1 (src/shared/api) turned into OpenAPI 3.1 components
// (JSON Schema 2020-12). Objects stay open: "Responses may contain fields beyond those listed".
import { z } from 'zod';
import {
  AcquirerLookupRequest,
  AcquirerResponse,
  DseCreateRequest,
  DseCreatedResponse,
  DseGetResponse,
  DseRejectedResponse,
  DseReplayResponse,
  DseReservedResponse,
  DseUncertainResponse,
  ErrorEnvelope,
  FeCreatePendingResponse,
  FeCreateRejectedResponse,
  FeCreateRequest,
  FeCreateSandboxResponse,
  FeDetailResponse,
  FeListResponse,
  PaymentMethodsResponse,
  TercerosResponse,
  ValidationErrorEnvelope,
} from '../shared/api';

export const COMPONENTS = {
  ErrorEnvelope,
  ValidationErrorEnvelope,
  FeListResponse,
  FeDetailResponse,
  TercerosResponse,
  PaymentMethodsResponse,
  AcquirerLookupRequest,
  AcquirerResponse,
  FeCreateRequest,
  FeCreateResponse: FeCreateSandboxResponse,
  FeCreatePendingResponse,
  FeCreateRejectedResponse,
  DseCreateRequest,
  DseCreatedResponse,
  DseReplayResponse,
  DseReservedResponse,
  DseRejectedResponse,
  DseUncertainResponse,
  DseGetResponse,
} as const;
export type ComponentName = keyof typeof COMPONENTS;

type Json = Record<string, unknown>;

/** Drops `additionalProperties: false` everywhere: clients must tolerate extra fields. */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = openObjects(v);
  }
  return out;
}

export function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema as z.ZodType, { id });
  const result = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(result.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[id] = openObjects(rest) as Json;
  }
  return schemas;
}
