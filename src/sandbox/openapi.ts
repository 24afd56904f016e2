// The OpenAPI 3.1 description of API v1 as the sandbox implements it, generated from the shared zod
// schemas. Every choice the contract leaves "not shown" is marked `x-sandbox-decision`.
//   npm run --silent openapi            writes resources/openapi.json
//   npx tsx src/sandbox/openapi.ts --check   exits 1 when the committed file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '../shared/api';
import { MAGIC_OUTCOMES } from './authority/outcomes';
import { CONTINGENCY_RULES } from './authority/contingency-rules';
import { RULES } from './authority/rules';
import { PER_PAGE } from './fe/fe-read';
import { MAX_BODY_BYTES } from './http/body';
import { componentSchemas, type ComponentName } from './openapi-schemas';
import { SANDBOX_DECISIONS } from './openapi-decisions';

type Json = Record<string, unknown>;
const ref = (name: ComponentName): Json => ({ $ref: `#/components/schemas/${name}` });
const content = (name: ComponentName): Json => ({ content: { 'application/json': { schema: ref(name) } } });
const answer = (description: string, name: ComponentName, decision?: string): Json => ({
  description,
  ...content(name),
  ...(decision ? { 'x-sandbox-decision': decision } : {}),
});

const security = {
  '401': answer('Bearer ausente, inválido, vencido o revocado', 'ErrorEnvelope'),
  '403': answer('Otra empresa en la ruta, o permisos (scopes) insuficientes, nombrando los que faltan', 'ErrorEnvelope'),
  '500': answer('Error interno inesperado', 'ErrorEnvelope', 'Cuerpo de 500 "not shown": el sobre de error.'),
};
const bad = answer(
  'Datos inválidos o regla de negocio violada; `errors` nombra cada campo',
  'ValidationErrorEnvelope',
  'Cuerpo de 400 "not shown": `error` con todos los mensajes y `errors` [{field, message}], más `code`.',
);
const notFound = answer('No existe dentro de la empresa', 'ErrorEnvelope', 'Cuerpo de 404 "not shown": el sobre de error.');
const tooLarge = answer(
  `Cuerpo mayor que ${MAX_BODY_BYTES} bytes`,
  'ErrorEnvelope',
  'Tamaño máximo del cuerpo "not shown": 1 MiB.',
);
const companyId = {
  name: 'company_id',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
  description: 'Debe ser la empresa del token; si no, 403',
};
const docId = { name: 'doc_id', in: 'path', required: true, schema: { type: 'integer' } };

function op(summary: string, scope: string, extra: Json): Json {
  return { summary, security: [{ bearer: [scope] }], 'x-scope': scope, ...extra };
}

export function buildOpenApi(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API externa de facturación electrónica (FE) y documento soporte (DSE) — sandbox de Factura Desk',
      version: '1.0.0',
      description:
        'Descripción de la API v1 tal como la implementa el sandbox de Factura Desk (src/sandbox). El contrato es spec/external-api-v1.md; ' +
        'donde dice "not shown", la elección es del sandbox y se marca con x-sandbox-decision (lista completa en x-sandbox-decisions).',
    },
    servers: [
      {
        url: 'http://127.0.0.1:{port}/api/v1',
        variables: { port: { default: '0', description: 'el puerto que imprime el sandbox' } },
      },
    ],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Un token por empresa; los scopes del cliente de API se heredan' },
      },
      schemas: componentSchemas(),
    },
    paths: {
      '/companies/{company_id}/fe/docs': {
        get: op('1. Listar documentos FE (solo producción)', 'fe.read', {
          parameters: [
            companyId,
            { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
            {
              name: 'per_page',
              in: 'query',
              schema: { type: 'integer', default: PER_PAGE.default },
              'x-sandbox-decision': `Rango "not shown": se acota a ${PER_PAGE.min}..${PER_PAGE.max}, por defecto ${PER_PAGE.default}.`,
            },
            { name: 'tipo', in: 'query', schema: { enum: ['01', '91'] } },
            {
              name: 'estado',
              in: 'query',
              schema: { enum: ['aprobado', 'rechazado', 'pendiente'] },
              'x-sandbox-decision': 'aprobado = estado_dian aceptado; rechazado = rechazado; pendiente = cualquier otro.',
            },
            { name: 'q', in: 'query', schema: { type: 'string' }, description: 'id, número, CUFE, tercero o documento' },
          ],
          responses: {
            '200': answer(
              'Una página de documentos',
              'FeListResponse',
              'Forma del cuerpo "not shown": {ok, docs, page, per_page, total, total_pages}.',
            ),
            '400': bad,
            ...security,
          },
        }),
      },
      '/companies/{company_id}/fe/docs/{doc_id}': {
        get: op('2. Detalle FE', 'fe.read', {
          parameters: [companyId, docId],
          responses: { '200': answer('El documento', 'FeDetailResponse'), '400': bad, '404': notFound, ...security },
        }),
      },
      '/companies/{company_id}/fe/terceros': {
        get: op('3. Terceros', 'fe.read', {
          parameters: [companyId],
          responses: { '200': answer('Terceros de la empresa', 'TercerosResponse'), ...security },
        }),
      },
      '/companies/{company_id}/fe/payment-methods': {
        get: op('4. Medios de pago', 'fe.read', {
          parameters: [companyId],
          responses: {
            '200': answer(
              'Medios de pago configurados, inactivos incluidos',
              'PaymentMethodsResponse',
              'Sobre "not shown": {ok, payment_methods}.',
            ),
            ...security,
          },
        }),
      },
      '/companies/{company_id}/dian/get-acquirer': {
        post: op('5. Consulta de adquirente', 'fe.read', {
          parameters: [companyId],
          requestBody: {
            required: true,
            ...content('AcquirerLookupRequest'),
            description: 'Alias: tipo_doc/tipo_documento, numero_doc/numero_documento',
          },
          responses: {
            '200': answer(
              'Adquirente conocido',
              'AcquirerResponse',
              'Campos "not shown": {ok, acquirer: {identification_type, identification_number, dv, nombre, email, direccion}}.',
            ),
            '400': bad,
            '404': answer(
              'Adquirente desconocido',
              'ErrorEnvelope',
              'El registro simulado conoce los terceros de la empresa; otro número es 404.',
            ),
            '413': tooLarge,
            '502': answer('La DIAN no dio respuesta satisfactoria (número 502502502)', 'ErrorEnvelope'),
            ...security,
          },
        }),
      },
      '/companies/{company_id}/fe/facturas': {
        post: op('6. Crear FE', 'fe.write', {
          parameters: [companyId],
          requestBody: { required: true, ...content('FeCreateRequest') },
          responses: {
            '201': answer('Factura creada y aceptada', 'FeCreateResponse'),
            '200': answer(
              'draft_key ya conocido con el mismo contenido: la misma factura',
              'FeCreateResponse',
              'Repetición de draft_key: 200 con idempotent true.',
            ),
            '202': answer(
              'Creada; resultado aún no definitivo (consultar el detalle)',
              'FeCreatePendingResponse',
              'FE incierta: 202 con pending true y estado en_proceso.',
            ),
            '400': bad,
            '409': answer(
              'draft_key ya usado con otro contenido',
              'ErrorEnvelope',
              'FE: 409 cuando el draft_key se repite con otro contenido.',
            ),
            '413': tooLarge,
            '422': answer(
              'Rechazada por la DIAN',
              'FeCreateRejectedResponse',
              'FE rechazada: 422 con ok false; error con "Regla: CÓDIGO, Rechazo: mensaje" y, en un rechazo nuevo por las reglas, dian con errores [{regla, mensaje, campo}] (x-authority-rules).',
            ),
            ...security,
          },
        }),
      },
      '/companies/{company_id}/dse/documentos': {
        post: op('7. Crear, firmar y enviar DSE', 'dse.write', {
          parameters: [
            companyId,
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              schema: { type: 'string', minLength: 1, maxLength: LIMITS.idempotencyKeyMax },
            },
          ],
          requestBody: {
            required: true,
            ...content('DseCreateRequest'),
            description: 'Nombres canónicos; el servidor acepta también los alias del contrato',
          },
          responses: {
            '201': answer('Documento nuevo procesado', 'DseCreatedResponse'),
            '200': answer('Repetición: el documento ya existe', 'DseReplayResponse'),
            '202': answer('Reserva sin documento terminal', 'DseReservedResponse'),
            '400': bad,
            '409': answer('Misma clave, otro contenido', 'ErrorEnvelope'),
            '413': tooLarge,
            '422': answer(
              'Clasificado rechazado (también en repetición)',
              'DseRejectedResponse',
              'Cuerpo de 422 "not shown": {ok false, error, pending false, idempotent, documento, dian} con dian.errores [{regla, mensaje, campo}] por regla incumplida (x-authority-rules).',
            ),
            '502': answer('Resultado incierto; el documento queda reservado', 'DseUncertainResponse'),
            ...security,
          },
        }),
      },
      '/companies/{company_id}/dse/documentos/{doc_id}': {
        get: op('8. Consultar DSE', 'dse.read', {
          parameters: [companyId, docId],
          responses: {
            '200': answer('El documento completo', 'DseGetResponse', 'pending es true en todo estado no terminal.'),
            '400': bad,
            '404': notFound,
            ...security,
          },
        }),
      },
    },
    'x-sandbox-decisions': SANDBOX_DECISIONS,
    'x-magic-outcomes': MAGIC_OUTCOMES,
    'x-authority-rules': [...RULES, ...CONTINGENCY_RULES].map((r) => ({
      rule: r.id,
      fe_code: r.fe,
      dse_code: r.dse,
      code_source: r.source,
      checks: r.checks,
    })),
  };
}

export const OPENAPI_PATH = resolve(fileURLToPath(new URL('../../resources/openapi.json', import.meta.url)));

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const current = readFileSync(OPENAPI_PATH, 'utf8');
    if (current !== renderOpenApi()) {
      process.stderr.write('resources/openapi.json está desactualizado: ejecute npm run openapi\n');
      process.exit(1);
    }
  } else {
    writeFileSync(OPENAPI_PATH, renderOpenApi());
  }
}
