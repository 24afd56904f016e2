// Joining a caja principal: the address and the join code typed at another register. The code's
// fingerprint decides which server is trusted before any credential is sent: the server's
// certificate is read over PostgreSQL's own TLS start (SSLRequest), compared with the code, and only
// then pinned and logged into (SCRAM over TLS, bound to that certificate). The database must hold
// the shop already. Nothing is kept until every check passed; the caller then switches to it.
import { timingSafeEqual } from 'node:crypto';
import { isIP, Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { AppError, isAppError } from '#shared/rpc/errors';
import type { DatabaseCheck } from '#shared/rpc/methods/database';
import { parsePostgresAddress, type PostgresAddress } from '#core/store/database-choice';
import { keepDatabasePassword } from '#core/vault/database-password';
import type { SecretStore } from '#core/vault/vault';
import { fingerprintOf, pemOf } from './certificate';
import { SHOP_DATABASE, SHOP_ROLE } from './cluster';
import { decodeJoinCode, FINGERPRINT_BYTES } from './join-code';
import { DEFAULT_SHOP_PORT } from './server';

const PROBE_TIMEOUT_MS = 10_000;
/** PostgreSQL's SSLRequest: length 8, then the code 80877103. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

export interface JoinInput {
  /** As the caja principal shows it: `192.168.1.20:5433` (the port may be left out). */
  address: string;
  code: string;
}

export interface Joined {
  address: PostgresAddress;
  /** The server's certificate (PEM), pinned for every later connection. */
  pinned: string;
}

/** What reads a database's contents over the pinned TLS (database-control.ts's checkDatabase). */
export type CheckDatabase = (address: PostgresAddress, password: string, pinned: string) => Promise<DatabaseCheck>;

export async function joinShop(
  input: JoinInput,
  { secrets, checkDatabase }: { secrets: SecretStore; checkDatabase: CheckDatabase },
): Promise<Joined> {
  // Both fields read before anything is tried, so both typos are named at once.
  const problems: { path: string; message: string }[] = [];
  let target: { host: string; port: number } | null = null;
  let secret: ReturnType<typeof decodeJoinCode> | null = null;
  try {
    target = readAddress(input.address);
  } catch (error) {
    problems.push(...fieldsOf(error));
  }
  try {
    secret = decodeJoinCode(input.code);
  } catch (error) {
    problems.push(...fieldsOf(error));
  }
  if (!target || !secret)
    throw new AppError('invalid_input', problems.map((each) => each.message).join(' '), { fields: problems });

  const presented = await presentedCertificate(target.host, target.port);
  const prefix = fingerprintOf(presented).subarray(0, FINGERPRINT_BYTES);
  if (!timingSafeEqual(prefix, secret.fingerprintPrefix))
    throw new AppError(
      'conflict',
      `El equipo en ${target.host}:${target.port} no es la caja principal de este código: su certificado es otro. Revise la dirección (la que muestra la caja principal en Ajustes › Cajas) y el código; no se guardó nada.`,
      { reason: 'other_server', fields: [{ path: 'address', message: 'Esta dirección es de otro servidor.' }] },
    );
  const pinned = pemOf(presented);
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const address = parsePostgresAddress(`postgres://${SHOP_ROLE}@${host}:${target.port}/${SHOP_DATABASE}?sslmode=verify-ca`);
  const found = await checkDatabase(address, secret.password, pinned);
  if (found.contents !== 'factura_desk')
    throw new AppError(
      'conflict',
      found.contents === 'empty'
        ? 'La caja principal todavía no tiene los datos del negocio. Termine en ella «Hacer de este equipo la caja principal» y vuelva a intentarlo; no se guardó nada.'
        : 'Ese servidor tiene tablas de otro programa, no los datos de Factura Desk; no se guardó nada.',
      { reason: found.contents === 'empty' ? 'empty_database' : 'foreign_database' },
    );
  await keepDatabasePassword(secrets, address, secret.password);
  return { address, pinned };
}

function readAddress(typed: string): { host: string; port: number } {
  const text = typed
    .trim()
    .replace(/^postgres(ql)?:\/\//i, '')
    .replace(/\/.*$/, '');
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const plain = /^([^:\s]+)(?::(\d+))?$/.exec(text);
  const parts = bracketed ?? plain;
  const port = parts?.[2] === undefined ? DEFAULT_SHOP_PORT : Number(parts[2]);
  if (!parts || (bracketed && isIP(parts[1]!) !== 6) || !Number.isInteger(port) || port < 1 || port > 65535) {
    const message =
      text === ''
        ? 'Escriba la dirección que muestra la caja principal en Ajustes › Cajas (por ejemplo 192.168.1.20:5433).'
        : `«${typed.trim()}» no es una dirección de la caja principal. Escríbala como la muestra (por ejemplo 192.168.1.20:5433).`;
    throw new AppError('invalid_input', message, { fields: [{ path: 'address', message }] });
  }
  return { host: parts[1]!, port };
}

function fieldsOf(error: unknown): { path: string; message: string }[] {
  if (isAppError(error) && error.details?.fields) return error.details.fields;
  throw error;
}

/**
 * The certificate the server at host:port presents, read before anything is sent but PostgreSQL's
 * request to start TLS: no credential reaches a server that may be another one.
 */
export function presentedCertificate(host: string, port: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const socket = new Socket();
    const fail = (reason: string) => {
      socket.destroy();
      reject(
        new AppError(
          'store_unavailable',
          reason === 'no_tls'
            ? `En ${host}:${port} responde un servidor que no es la caja principal (no ofrece conexión cifrada). Revise la dirección; no se guardó nada.`
            : `No se pudo llegar a la caja principal en ${host}:${port}. Revise que esté encendida, con Factura Desk abierto, en la misma red que este equipo, y la dirección; no se guardó nada.`,
          {
            reason: reason === 'no_tls' ? 'tls_unsupported' : 'unreachable',
            fields: [{ path: 'address', message: 'No responde la caja principal en esta dirección.' }],
          },
        ),
      );
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => fail('timeout'));
    socket.once('error', () => fail('unreachable'));
    socket.connect(port, host, () => socket.write(SSL_REQUEST));
    socket.once('data', (answer: Buffer) => {
      if (answer.length !== 1 || answer[0] !== 0x53) return fail('no_tls');
      socket.setTimeout(0);
      socket.removeAllListeners('error');
      // Not verified here on purpose: the certificate is compared with the code's fingerprint instead.
      const tls = tlsConnect({ socket, rejectUnauthorized: false, ...(isIP(host) ? {} : { servername: host }) });
      tls.setTimeout(PROBE_TIMEOUT_MS, () => {
        tls.destroy();
        fail('timeout');
      });
      tls.once('error', () => fail('no_tls'));
      tls.once('secureConnect', () => {
        const raw = tls.getPeerCertificate().raw;
        tls.destroy();
        if (!raw) return fail('no_tls');
        resolve(raw);
      });
    });
  });
}
