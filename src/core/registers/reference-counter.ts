// The highest contingency local reference number ("CONT-K7QM2X9A-000012": 12) this data folder's
// register has taken, kept in the data folder (`contingency-refs.json`) beside its id. A register
// numbers its references on the shop's database and, cut off from it, on its shop copy (offline/),
// and only this folder sees both: the copy cannot know a reference the register took on the shop's
// database after the copy was taken, and the same reference taken twice would stop the handover.
// The number is kept here before the commit that writes it (a crash between them leaves a gap, never
// a reference given twice); one process writes a folder (its lock), so nothing else moves it meanwhile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTER_ID, writeWhole } from './register-identity';

export const REFERENCE_FILE = 'contingency-refs.json';

export class ReferenceCounter {
  constructor(private readonly home: string) {}

  /** The highest number kept for `registerId`; 0 when none is (or the file cannot be read: the stores' own count then). */
  last(registerId: string): number {
    return numberIn(this.read(), registerId);
  }

  /** Keeps `number` as taken by `registerId`, on the disk when this returns. */
  take(registerId: string, number: number): void {
    const kept = this.read();
    if (numberIn(kept, registerId) >= number) return;
    writeWhole(this.home, REFERENCE_FILE, `${JSON.stringify({ ...kept, [registerId]: number })}\n`);
  }

  /** The registers this folder has numbered references for (normally one: its own). */
  registers(): string[] {
    const kept = this.read();
    return Object.keys(kept).filter((id) => REGISTER_ID.test(id) && numberIn(kept, id) > 0);
  }

  private read(): Record<string, unknown> {
    try {
      const parsed = JSON.parse(readFileSync(join(this.home, REFERENCE_FILE), 'utf8')) as unknown;
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
}

function numberIn(kept: Record<string, unknown>, registerId: string): number {
  const value = kept[registerId];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
