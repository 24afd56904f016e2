// Joining a caja principal: the address and the join code typed at another register. The code's
// fingerprint decides which server is trusted before any credential is sent: the server's
// certificate is read over PostgreSQL's own TLS start (SSLRequest), compared with the code, and only
// then pinned and logged into (SCRAM over TLS, bound to that certificate) with the code's password,
// which may only make this register's own login (cluster.ts's cajas.enroll): the register draws its
// own password, keeps it in the keychain and sends only its SCRAM verifier. The database must hold
// the shop already. The caller then switches to it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP, Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { AppError, isAppError } from '#shared/rpc/errors';
import type { DatabaseCheck } from '#shared/rpc/methods/database';
import { parsePostgresAddress, type PostgresAddress } from '#core/store/database-choice';
import { postgresFault } from '#core/store/postgres/faults';
import { dedicatedClient } from '#core/store/postgres/pool';
import { keepDatabasePassword, readDatabasePassword } from '#core/vault/database-password';
import type { SecretStore } from '#core/vault/vault';
import { fingerprintOf, pemOf } from './certificate';
import { registerRole } from '#core/registers/register-identity';
import { ENROL_ROLE, scramVerifier, SHOP_DATABASE } from './cluster';
import { decodeJoinCode, FINGERPRINT_BYTES, PASSWORD_BYTES, passwordOf } from './join-code';
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
  {
    secrets,
    checkDatabase,
    registerId,
  }: {
    secrets: SecretStore;
    checkDatabase: CheckDatabase;
    /** This data folder's register id (register-identity.ts): its login is named after it. */
    registerId: string;
  },
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
  const at = (user: string) =>
    parsePostgresAddress(`postgres://${user}@${host}:${target.port}/${SHOP_DATABASE}?sslmode=verify-ca`);
  const own = passwordOf(randomBytes(PASSWORD_BYTES));
  const address = at(registerRole(registerId));
  // Kept before the server knows it: a join cut short after the login was made is simply done again
  // (the login is given the next password), never left with a password nobody has.
  const before = await readDatabasePassword(secrets, address);
  await keepDatabasePassword(secrets, address, own);
  try {
    await enrol(at(ENROL_ROLE), secret.password, pinned, registerId, scramVerifier(own));
  } catch (error) {
    // Refused: the login as it was (this register joined before) keeps its password.
    if (before !== null) await keepDatabasePassword(secrets, address, before);
    throw error;
  }
  const found = await checkDatabase(address, own, pinned);
  if (found.contents !== 'factura_desk')
    throw new AppError(
      'conflict',
      found.contents === 'empty'
        ? 'La caja principal todavía no tiene los datos del negocio. Termine en ella «Hacer de este equipo la caja principal» y vuelva a intentarlo; no se guardó nada.'
        : 'Ese servidor tiene tablas de otro programa, no los datos de Factura Desk; no se guardó nada.',
      { reason: found.contents === 'empty' ? 'empty_database' : 'foreign_database' },
    );
  return { address, pinned };
}

/** Logs in with the join code's password and has the server make (or open again) this register's login. */
async function enrol(address: PostgresAddress, password: string, pinned: string, registerId: string, verifier: string) {
  const client = dedicatedClient({ target: address, password, pinned, connectTimeoutMs: PROBE_TIMEOUT_MS }, 'factura-desk-join');
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT cajas.enroll($1, $2)', [registerId, verifier]);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === '28P01' || code === '28000')
      throw new AppError(
        'conflict',
        'La caja principal no aceptó este código: ya no vale, porque se retiró una caja después de mostrarlo. Vuelva a abrir Ajustes › Cajas en la caja principal y escriba el código que muestra ahora; no se guardó nada.',
        { reason: 'code_void', fields: [{ path: 'code', message: 'Este código ya no vale: pida el código nuevo.' }] },
      );
    if (code === '42883' || code === '3F000')
      throw new AppError(
        'conflict',
        'La caja principal tiene una versión anterior de Factura Desk. Actualícela y vuelva a intentarlo; no se guardó nada.',
        { reason: 'older_main_register' },
      );
    throw postgresFault(error, address, { phase: 'connect', opened: false, timedOutAfterMs: null, pinned: true }) ?? error;
  } finally {
    await client.end().catch(() => undefined);
  }
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
