// Making the caja principal's cluster, once: initdb, the TLS certificate, pg_hba.conf that admits
// only the shop's role to the shop's database over TLS with SCRAM, the server's settings, and the
// role and database themselves, created in single-user mode (no connection is ever admitted
// without TLS and a password, not even the first one). The role's password reaches the server as a
// SCRAM verifier computed here: the password itself never leaves this process except into the
// OS keychain.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import type { PostgresBinaries } from './binaries';
import type { ServerCertificate } from './certificate';

export const SHOP_DATABASE = 'tienda';
export const SHOP_ROLE = 'caja';

/** SCRAM-SHA-256's stored form of a password (RFC 5802, 7677), as PostgreSQL keeps it in pg_authid. */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Only the shop's role, only its database, only TLS, only SCRAM: nothing else is let in, from anywhere. */
export const PG_HBA = `# Factura Desk, caja principal: only the shop's role, to the shop's database, over TLS, with SCRAM.
hostssl ${SHOP_DATABASE} ${SHOP_ROLE} 0.0.0.0/0 scram-sha-256
hostssl ${SHOP_DATABASE} ${SHOP_ROLE} ::/0 scram-sha-256
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
  // Single-user mode (-j: a statement ends with a semicolon and an empty line): no connection, no
  // pg_hba.conf involved.
  const statements = [
    `CREATE ROLE ${SHOP_ROLE} LOGIN PASSWORD '${scramVerifier(password)}'`,
    `CREATE DATABASE ${SHOP_DATABASE} OWNER ${SHOP_ROLE} ENCODING 'UTF8' TEMPLATE template0`,
    `REVOKE ALL ON DATABASE postgres FROM PUBLIC`,
  ];
  run(binaries, binaries.postgres, ['--single', '-D', data, '-j', 'postgres'], statements.map((each) => `${each};\n\n`).join(''));
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
