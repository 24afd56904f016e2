// Files written by core for the renderer to save (the XLSX report): each under <home>/exports with
// a random id, read back in base64 chunks (the transports carry JSON), removed after its last chunk
// or, when nobody reads it to the end, an hour later.
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { XLSX_CHUNK_BYTES } from '#shared/rpc/methods/reports';

const STALE_MS = 60 * 60 * 1000;

export class ExportFiles {
  private readonly folder: string;
  /**
   * One buffer every chunk is read into (the base64 text is a copy): a new 512 KB buffer per chunk
   * lives outside V8's heap until a full GC, tens of MB for a large report read to the end.
   */
  private readonly chunk = Buffer.allocUnsafe(XLSX_CHUNK_BYTES);

  constructor(
    home: string,
    private readonly now: () => Date,
  ) {
    this.folder = join(home, 'exports');
  }

  /** A new file's id and path; older files nobody finished reading are removed. */
  create(extension: string): { id: string; path: string } {
    mkdirSync(this.folder, { recursive: true });
    this.removeStale();
    const id = randomUUID();
    return { id, path: join(this.folder, `${id}.${extension}`) };
  }

  size(path: string): number {
    return statSync(path).size;
  }

  remove(path: string): void {
    rmSync(path, { force: true });
  }

  read(id: string, extension: string, offset: number): { data: string; next: number | null } {
    const path = join(this.folder, `${id}.${extension}`);
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      throw new AppError('not_found', 'El archivo exportado ya no está disponible. Vuelva a exportar el informe.');
    }
    try {
      const size = statSync(path).size;
      const wanted = Math.max(0, Math.min(XLSX_CHUNK_BYTES, size - offset));
      const read = wanted > 0 ? readSync(fd, this.chunk, 0, wanted, offset) : 0;
      const end = offset + read;
      const next = end < size ? end : null;
      return { data: this.chunk.subarray(0, read).toString('base64'), next };
    } finally {
      closeSync(fd);
      if (offset + XLSX_CHUNK_BYTES >= this.sizeOrZero(path)) rmSync(path, { force: true });
    }
  }

  private sizeOrZero(path: string): number {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  }

  private removeStale(): void {
    const limit = this.now().getTime() - STALE_MS;
    for (const name of readdirSync(this.folder)) {
      const path = join(this.folder, name);
      try {
        if (statSync(path).mtimeMs < limit) rmSync(path, { force: true });
      } catch {
        // already gone
      }
    }
  }
}
