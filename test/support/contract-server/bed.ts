// A core connected, through the real keychain, to a contract server of one variant; and the
// requests the client tests send (their receiver/supplier numbers choose the server's outcome).
import { join } from 'node:path';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { colombiaToday } from '#shared/dates';
import type { DseCreateRequest, FeCreateRequest } from '#shared/api/index';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from './server';
import { makeTestPki, type TestPki } from './test-pki';
import type { ContractVariant } from './variants';
import { realKeychain } from '../keychain';
import { tempDir } from '../temp';

export interface ContractBed {
  server: ContractServer;
  core: Core;
  connectionId: number;
  close(): Promise<void>;
}

let pki: Promise<TestPki> | null = null;

/**
 * `https`: the server over real HTTPS with a certificate of the test authority, which the connection
 * trusts as a user would in Ajustes › Conexión (one authority per test file).
 */
export async function contractBed(
  variant: ContractVariant,
  options: Parameters<typeof startContractServer>[1] & { https?: boolean } = {},
): Promise<ContractBed> {
  const dir = tempDir('factura-desk-contract-');
  const { https, ...serverOptions } = options;
  const authority = https ? await (pki ??= makeTestPki()) : null;
  const server = await startContractServer(
    variant,
    authority ? { ...serverOptions, tls: authority.server.valid } : serverOptions,
  );
  const core = createCore({
    home: join(dir.path, 'home'),
    secrets: realKeychain(),
    transport: 'cli',
    logger: new FileLogger(null),
  });
  const connection = await core.parts.connections.create({
    label: 'Proveedor',
    kind: 'production',
    base_url: server.baseUrl,
    company_id: CONTRACT_COMPANY,
  });
  if (authority) await core.parts.connections.trustCa(connection.id, authority.caCert);
  await core.parts.connections.setToken(connection.id, CONTRACT_TOKENS.full);
  await core.parts.connections.activate(connection.id);
  return {
    server,
    core,
    connectionId: connection.id,
    async close() {
      await core.parts.connections.forgetToken(connection.id).catch(() => undefined);
      await core.close();
      await server.close();
      dir.remove();
    },
  };
}

/** Calls an RPC method as the renderer does; throws the typed error of a refused call. */
export async function call<T = unknown>(core: Core, method: string, input: unknown): Promise<T> {
  const reply = (await core.dispatch({ id: 1, method, input })) as { ok: boolean; output?: unknown; error?: unknown };
  if (!reply.ok) throw Object.assign(new Error(`${method} failed: ${JSON.stringify(reply.error)}`), { reply });
  return reply.output as T;
}

export function feRequest(numeroDoc: string, draftKey?: string): Omit<FeCreateRequest, 'draft_key'> & { draft_key?: string } {
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: numeroDoc,
      nombre: `Cliente Contrato ${numeroDoc}`,
      email: 'cliente@example.co',
      direccion: 'Calle 1 # 2-3',
    },
    items: [{ desc: 'Pan tajado', cant: 1, unit: 10000, iva: 19, iva_incluido: false, unit_input: 10000 }],
    subtotal: 10000,
    impuestos: 1900,
    total: 11900,
    fecha_emision: colombiaToday(new Date()),
    payment: { form: 'contado', method_id: 71, means_code: '10', due_date: '' },
    withholdings: [],
    attachment_tokens: [],
    ...(draftKey ? { draft_key: draftKey } : {}),
  };
}

export function dseRequest(nit: string): DseCreateRequest {
  return {
    fecha_documento: colombiaToday(new Date()),
    proveedor: { tipo_documento: '13', nit, nombre: `Proveedor Contrato ${nit}` },
    items: [{ codigo: '11111501', descripcion: 'Arena lavada', cantidad: 2, precio_unitario: 50000, porcentaje_iva: 0 }],
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [],
  };
}
