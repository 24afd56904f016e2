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

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(BEARER, '$1[oculto]').replace(TOKEN_FIELD, '$1[oculto]');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[oculto]');
  return out;
}

export class FileLogger implements Logger {
  private readonly knownSecrets: string[] = [];

  constructor(private readonly file: string | null) {
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    } catch {
      // A read-only or full data folder: the store that opens next says so in Spanish (issue 14,
      // item 16); a log line must never be what stops the app or the command line.
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
