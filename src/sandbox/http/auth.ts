// "Authentication": bearer tokens stored as SHA-256 hashes, compared in constant time; 401 for a
// missing, invalid, expired or revoked bearer; 403 for another company or a missing scope.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Scope } from '#shared/api/index';
import type { Db } from '../storage/database';
import type { Reply } from './reply';
import { errorReply } from './reply';

export interface ApiClient {
  id: string;
  companyId: number;
  scopes: Scope[];
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

const INVALID = 'Token bearer ausente o inválido';

export function authenticate(db: Db, header: string | undefined, now: Date): ApiClient | Reply {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return errorReply(401, 'unauthorized', `${INVALID}: envíe Authorization: Bearer <token>`);
  const presented = hashToken(match[1] as string);
  const row = db
    .prepare(
      `SELECT t.hash, t.expires_at, t.revoked, c.id, c.company_id, c.scopes
       FROM tokens t JOIN clients c ON c.id = t.client_id WHERE t.hash = ?`,
    )
    .get(presented) as
    { hash: Buffer; expires_at: string | null; revoked: number; id: string; company_id: number; scopes: string } | undefined;
  // The lookup is by hash; the comparison that decides is constant-time over the whole digest.
  if (!row || row.hash.length !== presented.length || !timingSafeEqual(row.hash, presented))
    return errorReply(401, 'unauthorized', INVALID);
  if (row.revoked) return errorReply(401, 'unauthorized', `${INVALID}: el token fue revocado`);
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime())
    return errorReply(401, 'unauthorized', `${INVALID}: el token venció`);
  return { id: row.id, companyId: row.company_id, scopes: JSON.parse(row.scopes) as Scope[] };
}

export function authorize(client: ApiClient, companyIdParam: string, scope: Scope): Reply | null {
  if (String(client.companyId) !== companyIdParam)
    return errorReply(403, 'forbidden_company', 'El token no tiene acceso a la empresa solicitada');
  if (!client.scopes.includes(scope))
    return errorReply(403, 'missing_scope', `Permisos insuficientes; falta el alcance: ${scope}`);
  return null;
}
