// The data folder's count of a register's contingency references (reference-counter.ts): kept per
// register, only ever raised, whole on the disk; a file that cannot be read counts as none.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_FILE, ReferenceCounter } from '#core/registers/reference-counter';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir.remove());

describe('the register’s reference counter', () => {
  it('keeps the highest number per register, and never lowers it', () => {
    dir = tempDir();
    const counter = new ReferenceCounter(dir.path);
    expect(counter.last('K7QM2X9A')).toBe(0);
    counter.take('K7QM2X9A', 3);
    counter.take('K7QM2X9A', 2);
    counter.take('ABCDEFGH', 7);
    expect(counter.last('K7QM2X9A')).toBe(3);
    // Read again by another process's counter: it is on the disk.
    expect(new ReferenceCounter(dir.path).last('ABCDEFGH')).toBe(7);
    expect(JSON.parse(readFileSync(join(dir.path, REFERENCE_FILE), 'utf8'))).toEqual({ K7QM2X9A: 3, ABCDEFGH: 7 });
  });

  it('a damaged file counts as none, and is written whole again by the next number', () => {
    dir = tempDir();
    writeFileSync(join(dir.path, REFERENCE_FILE), '{"K7QM2X9A": 4');
    const counter = new ReferenceCounter(dir.path);
    expect(counter.last('K7QM2X9A')).toBe(0);
    counter.take('K7QM2X9A', 5);
    expect(counter.last('K7QM2X9A')).toBe(5);
    writeFileSync(join(dir.path, REFERENCE_FILE), '{"K7QM2X9A": -2}');
    expect(counter.last('K7QM2X9A')).toBe(0);
  });
});
