// Making the caja principal's cluster, once: initdb, the TLS certificate, pg_hba.conf that admits
// only the shop's roles to the shop's database over TLS with SCRAM, the server's settings, and the
// roles and database themselves, created in single-user mode (no connection is ever admitted
// without TLS and a password, not even the first one). A password reaches the server as a SCRAM
// verifier computed here: the password itself never leaves this process except into the OS keychain.
//
// The roles (layout 2): the shop's data belongs to `negocio`, which cannot log in; every session
// works as it (the database's role setting), so whatever any register creates is the shop's. `caja` is the
// caja principal's own login; each other register logs in as its own `caja_<id>`, made when it
// joins by `cajas.enroll`, which only `nueva_caja` (the join code's password) may call and which
// runs as `caja`. Removing a register (`cajas.retire`, any register may call it) takes its login
// and its membership away, ends its sessions and voids the join code shown so far: the removed
// register cannot read the shop's data any more, not even with the code it once typed.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import type { PostgresBinaries } from './binaries';
import type { ServerCertificate } from './certificate';

export const SHOP_DATABASE = 'tienda';
/** The caja principal's own login. */
export const SHOP_ROLE = 'caja';
/** Owns the shop's data; logs in nowhere; every register works as it. */
export const OWNER_ROLE = 'negocio';
/** The join code's login: it may only call cajas.enroll. */
export const ENROL_ROLE = 'nueva_caja';
/** The roles this build makes; a cluster of an earlier layout is brought to it before it starts. */
export const ROLE_LAYOUT = 2;

/** SCRAM-SHA-256's stored form of a password (RFC 5802, 7677), as PostgreSQL keeps it in pg_authid. */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/**
 * Only the shop's roles (the caja principal's, the join code's, and the registers that belong to
 * `negocio`), only its database, only TLS, only SCRAM: nothing else is let in, from anywhere.
 */
export const PG_HBA = `# Factura Desk, caja principal: only the shop's roles, to the shop's database, over TLS, with SCRAM.
hostssl ${SHOP_DATABASE} ${SHOP_ROLE},${ENROL_ROLE},+${OWNER_ROLE} 0.0.0.0/0 scram-sha-256
hostssl ${SHOP_DATABASE} ${SHOP_ROLE},${ENROL_ROLE},+${OWNER_ROLE} ::/0 scram-sha-256
`;

function settings(port: number): string {
  return `
# Factura Desk, caja principal (written once, when the cluster was made)
listen_addresses = '*'
port = ${port}
# No Unix socket: every connection goes through pg_hba.conf's hostssl lines.
unix_socket_directories = ''
ssl = on
ssl_cert_file = 'server.crt'
ssl_key_file = 'server.key'
ssl_min_protocol_version = 'TLSv1.2'
password_encryption = 'scram-sha-256'
max_connections = 50
logging_collector = off
`;
}

export interface ClusterPlan {
  data: string;
  port: number;
  certificate: ServerCertificate;
  password: string;
  binaries: PostgresBinaries;
}

export function makeCluster({ data, port, certificate, password, binaries }: ClusterPlan): void {
  run(binaries, binaries.initdb, [
    '-D',
    data,
    '-U',
    'postgres',
    // Refused everywhere until pg_hba.conf is written below.
    '--auth=reject',
    '--encoding=UTF8',
    '--locale=C',
    '--no-instructions',
  ]);
  writeFileSync(join(data, 'server.crt'), certificate.certificate, { mode: 0o644 });
  // PostgreSQL refuses a key others can read; 0600 and owned by the server's user.
  writeFileSync(join(data, 'server.key'), certificate.key, { mode: 0o600 });
  writeFileSync(join(data, 'pg_hba.conf'), PG_HBA, { mode: 0o600 });
  appendFileSync(join(data, 'postgresql.conf'), settings(port));
  if (binaries.owner) {
    for (const name of readdirSync(data)) chownSync(join(data, name), binaries.owner.uid, binaries.owner.gid);
  }
  // Single-user mode: no connection, no pg_hba.conf involved.
  const statements = [
    `CREATE ROLE ${SHOP_ROLE} LOGIN PASSWORD '${scramVerifier(password)}'`,
    `CREATE DATABASE ${SHOP_DATABASE} OWNER ${SHOP_ROLE} ENCODING 'UTF8' TEMPLATE template0`,
    `REVOKE ALL ON DATABASE postgres FROM PUBLIC`,
  ];
  singleUser(binaries, data, 'postgres', statements);
  applyRoleLayout(binaries, data);
}

/** A register's check of its id and of the verifier it sends, the same in both functions. */
const ID_CHECK = `IF register_id IS NULL OR register_id !~ '^[0-9A-HJKMNP-TV-Z]{8}$' THEN
    RAISE EXCEPTION 'not a register id' USING ERRCODE = '22023';
  END IF`;

/**
 * The roles of layout 2 (see the top of this file), in single-user mode on the shop's database with
 * the server stopped. Written to be run again: a cluster of layout 1 (one role for every register)
 * is brought to it, its data handed to `negocio`, and a run cut short is finished by the next one.
 */
export function applyRoleLayout(binaries: PostgresBinaries, data: string): void {
  writeFileSync(join(data, 'pg_hba.conf'), PG_HBA, { mode: 0o600 });
  if (binaries.owner) chownSync(join(data, 'pg_hba.conf'), binaries.owner.uid, binaries.owner.gid);
  const member = `'caja_' || lower(register_id)`;
  const statements = [
    `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${OWNER_ROLE}') THEN CREATE ROLE ${OWNER_ROLE} NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ENROL_ROLE}') THEN CREATE ROLE ${ENROL_ROLE} NOLOGIN; END IF;
END $$`,
    // Everything the caja principal's role made until now (layout 1) becomes the shop's.
    `REASSIGN OWNED BY ${SHOP_ROLE} TO ${OWNER_ROLE}`,
    `ALTER DATABASE ${SHOP_DATABASE} OWNER TO ${OWNER_ROLE}`,
    `GRANT ${OWNER_ROLE} TO ${SHOP_ROLE} WITH ADMIN TRUE, INHERIT TRUE, SET TRUE`,
    `GRANT ${ENROL_ROLE} TO ${SHOP_ROLE} WITH ADMIN TRUE, INHERIT FALSE, SET FALSE`,
    `GRANT pg_signal_backend TO ${SHOP_ROLE}`,
    `ALTER ROLE ${SHOP_ROLE} CREATEROLE`,
    // Every login to the shop's database works as its owner role from its first statement (a
    // security-definer function may not set this for the logins it makes, so it is set here for all
    // of them); the join role, which is no member, works as itself.
    `ALTER ROLE ALL IN DATABASE ${SHOP_DATABASE} SET role = '${OWNER_ROLE}'`,
    `ALTER ROLE ${ENROL_ROLE} IN DATABASE ${SHOP_DATABASE} SET role = 'none'`,
    `REVOKE ALL ON DATABASE ${SHOP_DATABASE} FROM PUBLIC`,
    `GRANT CONNECT ON DATABASE ${SHOP_DATABASE} TO ${OWNER_ROLE}, ${ENROL_ROLE}`,
    `CREATE SCHEMA IF NOT EXISTS cajas AUTHORIZATION ${SHOP_ROLE}`,
    `ALTER SCHEMA cajas OWNER TO ${SHOP_ROLE}`,
    `REVOKE ALL ON SCHEMA cajas FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA cajas TO ${OWNER_ROLE}, ${ENROL_ROLE}`,
    // A register's own login, made (or given a new password, when it joins again) with the SCRAM
    // verifier the register computed: its password never reaches the server.
    `CREATE OR REPLACE FUNCTION cajas.enroll(register_id text, verifier text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $body$
DECLARE
  member text := ${member};
BEGIN
  ${ID_CHECK};
  IF verifier IS NULL OR verifier !~ '^SCRAM-SHA-256[$][0-9]+:[A-Za-z0-9+/=]+[$][A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$' THEN
    RAISE EXCEPTION 'not a SCRAM verifier' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = member) THEN
    EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', member, verifier);
  ELSE
    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', member, verifier);
  END IF;
  EXECUTE format('GRANT ${OWNER_ROLE} TO %I WITH INHERIT TRUE, SET TRUE', member);
  RETURN member;
END
$body$`,
    `ALTER FUNCTION cajas.enroll(text, text) OWNER TO ${SHOP_ROLE}`,
    `REVOKE ALL ON FUNCTION cajas.enroll(text, text) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION cajas.enroll(text, text) TO ${ENROL_ROLE}`,
    // A removed register: no login, no membership, its sessions ended (a session keeps the rights
    // it started with), and the join code shown so far void (the caja principal shows a new one).
    `CREATE OR REPLACE FUNCTION cajas.retire(register_id text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $body$
DECLARE
  member text := ${member};
BEGIN
  ${ID_CHECK};
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = member) THEN
    EXECUTE format('ALTER ROLE %I NOLOGIN PASSWORD NULL', member);
    EXECUTE format('REVOKE ${OWNER_ROLE} FROM %I', member);
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = member;
  END IF;
  EXECUTE 'ALTER ROLE ${ENROL_ROLE} NOLOGIN PASSWORD NULL';
END
$body$`,
    `ALTER FUNCTION cajas.retire(text) OWNER TO ${SHOP_ROLE}`,
    `REVOKE ALL ON FUNCTION cajas.retire(text) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION cajas.retire(text) TO ${OWNER_ROLE}`,
  ];
  singleUser(binaries, data, SHOP_DATABASE, statements);
}

/** Statements in single-user mode (-j: a statement ends with a semicolon and an empty line). */
function singleUser(binaries: PostgresBinaries, data: string, database: string, statements: string[]): void {
  run(binaries, binaries.postgres, ['--single', '-D', data, '-j', database], statements.map((each) => `${each};\n\n`).join(''));
}

function run(binaries: PostgresBinaries, bin: string, args: string[], input?: string): void {
  const [file, argv] = binaries.command(bin, args);
  const result = spawnSync(file, argv, { encoding: 'utf8', ...(input !== undefined ? { input } : {}) });
  // Single-user mode exits 0 even when a statement failed: its ERROR lines say so.
  const failed = result.status !== 0 || /^(ERROR|FATAL):/m.test(result.stderr ?? '');
  if (failed) {
    throw new AppError(
      'store_unavailable',
      'No se pudo preparar el servidor de la caja principal en este equipo. Revise el espacio en disco y los permisos de la carpeta de datos; no se modificó nada más.',
      { reason: 'server_init_failed', output: (result.stderr || result.stdout || String(result.error ?? '')).slice(-2000) },
    );
  }
}
