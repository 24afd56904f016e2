// A logger that cannot leak a bearer token: every line is redacted before it is written.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const BEARER = /(bearer\s+)[^\s"',;]+/gi;
const TOKEN_FIELD = /("?(?:token|authorization|password|secret)"?\s*[:=]\s*"?)[^\s"',;}]+/gi;

export function redact(text: string, secrets: readonly string[] = [], options: { fragments?: boolean } = {}): string {
  let out = text.replace(BEARER, '$1[oculto]').replace(TOKEN_FIELD, '$1[oculto]');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[oculto]');
  if (options.fragments) for (const secret of secrets) out = withoutFragments(out, secret);
  return out;
}

/** The shortest piece of a secret taken out of a text: a server may quote a token's prefix, or cut it. */
export const SECRET_FRAGMENT_MIN = 6;

/**
 * Every run of at least SECRET_FRAGMENT_MIN characters of `secret` found in `text` (its prefix, or
 * any piece of it a server quoted back), replaced. For stored copies of an answer, never for the
 * data read from it: a short piece of a token may also happen to be part of an ordinary value.
 * `keepNumbers`: a run of digits only is left (in a message it is more likely a NIT or an amount).
 */
export function withoutFragments(text: string, secret: string, options: { keepNumbers?: boolean } = {}): string {
  if (secret.length < SECRET_FRAGMENT_MIN || text.length < SECRET_FRAGMENT_MIN) return text;
  const pieces = new Set<string>();
  for (let at = 0; at + SECRET_FRAGMENT_MIN <= secret.length; at += 1) pieces.add(secret.slice(at, at + SECRET_FRAGMENT_MIN));
  let out = '';
  let at = 0;
  let kept = 0;
  while (at + SECRET_FRAGMENT_MIN <= text.length) {
    if (!pieces.has(text.slice(at, at + SECRET_FRAGMENT_MIN))) {
      at += 1;
      continue;
    }
    // The longest run from here that is still a piece of the secret.
    let end = at + SECRET_FRAGMENT_MIN;
    while (end < text.length && secret.includes(text.slice(at, end + 1))) end += 1;
    if (options.keepNumbers && /^\d+$/.test(text.slice(at, end))) {
      at += 1;
      continue;
    }
    out += `${text.slice(kept, at)}[oculto]`;
    at = kept = end;
  }
  return out + text.slice(kept);
}

export class FileLogger implements Logger {
  private readonly knownSecrets: string[] = [];

  constructor(private readonly file: string | null) {
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    } catch {
      // A read-only or full data folder: the store that opens next says so in Spanish;
      // a log line must never be what stops the app or the command line.
    }
  }

  /** Values that must never appear in a line, even outside the patterns above. */
  forget(secret: string): void {
    this.knownSecrets.push(secret);
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.write('error', message, fields);
  }

  private write(level: string, message: string, fields?: Record<string, unknown>): void {
    if (!this.file) return;
    const line = JSON.stringify({ at: new Date().toISOString(), level, message, ...fields });
    try {
      appendFileSync(this.file, `${redact(line, this.knownSecrets)}\n`, { mode: 0o600 });
    } catch {
      // A full disk must not turn a log line into a crash.
    }
  }
}
