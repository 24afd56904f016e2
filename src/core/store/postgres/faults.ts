// What a failure of `pg` means to the shop, in one place (SQLite's side is store.ts's isDiskFault and
// storeUnavailable): reaching the server, its answer to our password, the database, rights, TLS and a
// connection lost while in use, each a Spanish message that says what happened and what to do.
// Decided on the SQLSTATE and Node's codes; an SQL error a caller expects (a unique key, a trigger's
// refusal) is not a fault of the store and is left as it is.
import { AppError } from '#shared/rpc/errors';
import { tlsFailureOf } from '#core/api/tls-failure';
import type { PostgresAddress } from '../database-choice';

export type PostgresTarget = Pick<PostgresAddress, 'host' | 'port' | 'database' | 'user' | 'sslmode'>;

export type PostgresFaultReason =
  | 'unknown_host'
  | 'refused'
  | 'timeout'
  | 'unreachable'
  | 'password_refused'
  | 'no_password'
  | 'not_admitted'
  | 'database_missing'
  | 'not_allowed'
  | 'server_busy'
  | 'tls_unsupported'
  | 'tls_untrusted'
  | 'connection_lost';

export interface FaultContext {
  /** Getting a connection (`pool.connect`), or a query on one already made. */
  phase: 'connect' | 'query';
  /** The store opened on this server before: the address is right, so a server out of reach is a lost connection. */
  opened: boolean;
  /** A connect that failed once its time limit was spent (`pg` gives its time-out no code). */
  timedOutAfterMs: number | null;
  /** The server's certificate is pinned (a caja principal joined from Ajustes › Cajas). */
  pinned?: boolean;
}

const NETWORK: Record<string, PostgresFaultReason> = {
  ENOTFOUND: 'unknown_host',
  EAI_AGAIN: 'unknown_host',
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ECONNRESET: 'connection_lost',
  EPIPE: 'connection_lost',
};

const SQLSTATE: Record<string, PostgresFaultReason> = {
  '28P01': 'password_refused',
  '28000': 'not_admitted',
  '3D000': 'database_missing',
  '42501': 'not_allowed',
  '53300': 'server_busy',
  '57P03': 'server_busy',
  '57P01': 'connection_lost',
  '57P02': 'connection_lost',
};

/**
 * The store's AppError for a failure to reach, enter or keep the server; null for an error that is
 * the query's own (the caller handles it as on SQLite). An AppError (the keychain's, no password
 * kept) passes through unchanged.
 */
export function postgresFault(error: unknown, target: PostgresTarget, context: FaultContext): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const tls = tlsFailureOf(error, `https://${target.host}:${target.port}`);
  let reason: PostgresFaultReason | undefined;
  if (tls && tls.problem !== 'not_https') reason = 'tls_untrusted';
  else if (typeof code === 'string')
    reason = SQLSTATE[code] ?? NETWORK[code] ?? (code.startsWith('08') ? 'connection_lost' : undefined);
  else if (isBareError(error)) reason = bareReason(target, context);
  if (reason === undefined) return null;
  if (context.opened && ['unknown_host', 'refused', 'timeout', 'unreachable'].includes(reason)) reason = 'connection_lost';
  return new AppError('store_unavailable', messageOf(reason, target, context, tls?.code ?? null), {
    reason,
    postgres: typeof code === 'string' ? code : (tls?.code ?? 'none'),
  });
}

/**
 * `pg`'s own connection errors carry no code: the server closed the connection, the connect's time
 * limit ran out, or the server answered «no» to the request for TLS. A TypeError or the like is a
 * bug, not the network, and is left alone.
 */
function isBareError(error: unknown): boolean {
  return error instanceof Error && error.constructor === Error && !('severity' in error);
}

function bareReason(target: PostgresTarget, context: FaultContext): PostgresFaultReason {
  if (context.phase === 'query') return 'connection_lost';
  if (context.timedOutAfterMs !== null) return 'timeout';
  return target.sslmode === 'disable' ? 'connection_lost' : 'tls_unsupported';
}

const SETTINGS = 'Ajustes › Base de datos del negocio';

/** A register of a caja principal refused at login: its own login was taken away (shop-server/cluster.ts). */
const notLetIn =
  'La caja principal ya no deja entrar a esta caja: la retiraron del negocio en Ajustes › Cajas, o la caja principal se preparó de nuevo. Para volver, vuelva a los datos de este equipo, pida en la caja principal el código para unirse (Ajustes › Cajas) y únase con él.';

/** The server asks for a password and none is kept for this server, database and user. */
export function noPasswordKept(t: Pick<PostgresTarget, 'user'>): AppError {
  return new AppError(
    'store_unavailable',
    `El servidor de la base de datos pide la contraseña del usuario «${t.user}» y este equipo no tiene una guardada en el llavero del sistema. Escríbala en ${SETTINGS}; se guarda en el llavero, nunca en un archivo.`,
    { reason: 'no_password' },
  );
}

function messageOf(reason: PostgresFaultReason, t: PostgresTarget, context: FaultContext, tlsCode: string | null): string {
  const server = `${t.host}:${t.port}`;
  switch (reason) {
    case 'unknown_host':
      return `No se encontró el servidor «${t.host}» en la red. Revise el nombre o la IP en la dirección de la base de datos y que este equipo esté conectado a la red del negocio.`;
    case 'refused':
      return `El equipo ${t.host} respondió, pero nada recibe conexiones de base de datos en el puerto ${t.port}. Revise el puerto en la dirección (PostgreSQL usa 5432) y que el servidor de la base de datos esté encendido.`;
    case 'timeout': {
      const seconds = Math.round((context.timedOutAfterMs ?? 0) / 1000);
      return `El servidor ${server} no respondió en ${seconds} segundos. Revise que el equipo del servidor esté encendido y en la red, y que ningún cortafuegos bloquee el puerto ${t.port}.`;
    }
    case 'unreachable':
      return `No hay camino por la red hasta ${server}. Revise el cable o la wifi de este equipo y la dirección de la base de datos.`;
    case 'password_refused':
      if (context.pinned) return notLetIn;
      return `El servidor de la base de datos rechazó la contraseña del usuario «${t.user}». Escriba la contraseña correcta en ${SETTINGS}; se guarda en el llavero del sistema.`;
    case 'no_password':
      return noPasswordKept(t).message;
    case 'not_admitted':
      if (context.pinned) return notLetIn;
      return t.sslmode === 'disable'
        ? `El servidor ${server} no admite al usuario «${t.user}» desde este equipo con una conexión sin cifrar. Si el servidor exige cifrado, agregue ?sslmode=require a la dirección; si no, pida al administrador del servidor que admita este equipo (pg_hba.conf).`
        : `El servidor ${server} no admite al usuario «${t.user}» desde este equipo. Pida al administrador del servidor que lo admita (pg_hba.conf).`;
    case 'database_missing':
      return `El servidor ${server} no tiene una base de datos llamada «${t.database}». Revise el nombre al final de la dirección, o pida al administrador del servidor que la cree con «${t.user}» como dueño.`;
    case 'not_allowed':
      return `El usuario «${t.user}» no tiene permiso para esto en la base de datos «${t.database}», así que no se guardó nada de lo que se intentaba. Pida al administrador del servidor que haga a «${t.user}» dueño de la base de datos (ALTER DATABASE ${t.database} OWNER TO ${t.user}).`;
    case 'server_busy':
      return `El servidor de la base de datos (${server}) no admite conexiones en este momento: está arrancando, apagándose o lleno. Espere un momento y vuelva a intentarlo.`;
    case 'tls_unsupported':
      return `El servidor ${server} no acepta conexiones cifradas (TLS) y la dirección las pide (sslmode=${t.sslmode}). Active TLS en el servidor, o use sslmode=disable si la red del negocio es de confianza.`;
    case 'tls_untrusted':
      if (context.pinned)
        return `El equipo en ${server} no presentó el certificado de la caja principal a la que se unió esta caja, así que no se conectó: puede ser otro equipo con esa dirección. Revise que la caja principal esté encendida con Factura Desk abierto; si se preparó de nuevo, una esta caja otra vez en Ajustes › Cajas.`;
      return `El servidor ${server} presentó un certificado que este equipo no puede verificar (${tlsCode ?? 'TLS'}), así que no se conectó. Instale en este equipo la autoridad que firmó el certificado del servidor, o use sslmode=require (cifrada, sin verificar el certificado) si la red del negocio es de confianza.`;
    case 'connection_lost':
      return `Se perdió la conexión con la base de datos del negocio (${server}); nada quedó guardado a medias. Revise la red y que el servidor esté encendido, y vuelva a intentarlo: Factura Desk se conecta de nuevo solo.`;
  }
}
