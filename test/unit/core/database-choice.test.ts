// Which database a process opens: `--database`, then FACTURA_DESK_DATABASE, then the choice saved in
// the data folder, else its SQLite file. An address is checked and written in one form, and never
// holds a password (that lives in the keychain), neither typed nor saved.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHOICE_FILE,
  forgetDatabaseChoice,
  parsePostgresAddress,
  readDatabaseChoice,
  saveDatabaseChoice,
  takeDatabaseArgument,
} from '#core/store/database-choice';
import { AppError } from '#shared/rpc/errors';
import { tempDir } from '#test/temp';

function refusalOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parsePostgresAddress', () => {
  it.each([
    ['postgres://caja@192.168.1.10:5432/tienda', 'postgres://caja@192.168.1.10:5432/tienda?sslmode=disable'],
    ['postgresql://caja@Caja-Principal/tienda', 'postgres://caja@caja-principal:5432/tienda?sslmode=disable'],
    ['  postgres://caja@db.local:6543/tienda?sslmode=require ', 'postgres://caja@db.local:6543/tienda?sslmode=require'],
    ['postgres://caja@[::1]:5433/tienda?sslmode=verify-full', 'postgres://caja@[::1]:5433/tienda?sslmode=verify-full'],
    ['postgres://caj%C3%A1@host/mi%20tienda', 'postgres://caj%C3%A1@host:5432/mi%20tienda?sslmode=disable'],
  ])('%s is written as %s', (typed, written) => {
    expect(parsePostgresAddress(typed).url).toBe(written);
  });

  it('reads the parts a connection and the keychain entry need', () => {
    expect(parsePostgresAddress('postgres://cajá@[::1]:5433/mi%20tienda?sslmode=verify-ca')).toMatchObject({
      host: '::1',
      port: 5433,
      database: 'mi tienda',
      user: 'cajá',
      sslmode: 'verify-ca',
    });
  });

  it.each([
    ['postgres://caja:secreto@host/tienda', 'llavero'],
    ['postgres://caja@host/tienda?password=secreto', 'llavero'],
    ['mysql://caja@host/tienda', 'postgres://'],
    ['caja@host/tienda', 'no es una dirección'],
    ['postgres://caja@host', 'nombre de la base de datos'],
    ['postgres://caja@host/tienda/otra', 'nombre de la base de datos'],
    ['postgres://host/tienda', 'usuario'],
    ['postgres://caja@host:0/tienda', 'puerto'],
    ['postgres://caja@host:70000/tienda', 'no es una dirección'],
    ['postgres://caja@host/tienda?sslmode=prefer', 'sin cifrar'],
    ['postgres://caja@host/tienda?sslmode=always', 'no existe'],
    ['postgres://caja@host/tienda?host=/tmp', '«host»'],
  ])('refuses %s in Spanish (%s)', (typed, words) => {
    const refusal = refusalOf(() => parsePostgresAddress(typed));
    expect(refusal.code).toBe('invalid_input');
    expect(refusal.message).toContain(words);
    expect(refusal.message).not.toContain('secreto');
  });
});

describe('takeDatabaseArgument', () => {
  it('takes --database ADDRESS and --database=ADDRESS out of the arguments', () => {
    expect(takeDatabaseArgument(['--home', '/d', '--database', 'postgres://c@h/t', 'issue'])).toEqual({
      database: 'postgres://c@h/t',
      rest: ['--home', '/d', 'issue'],
    });
    expect(takeDatabaseArgument(['--database=sqlite'])).toEqual({ database: 'sqlite', rest: [] });
    expect(takeDatabaseArgument(['issue'])).toEqual({ database: undefined, rest: ['issue'] });
  });

  it('refuses --database without its address', () => {
    expect(refusalOf(() => takeDatabaseArgument(['--database'])).message).toContain('Falta la dirección');
    expect(refusalOf(() => takeDatabaseArgument(['--database', '--home', '/d'])).code).toBe('invalid_input');
  });
});

describe('readDatabaseChoice and the saved choice', () => {
  let home: ReturnType<typeof tempDir>;
  beforeEach(() => {
    home = tempDir();
  });
  afterEach(() => home.remove());

  it('SQLite in the data folder when nothing names a database', () => {
    expect(readDatabaseChoice({ home: home.path, env: {} })).toEqual({ engine: 'sqlite' });
    expect(readDatabaseChoice({ home: join(home.path, 'not-yet'), env: { FACTURA_DESK_DATABASE: ' ' } })).toEqual({
      engine: 'sqlite',
    });
  });

  it('the argument over the variable over the saved choice; «sqlite» names the data folder’s file', () => {
    saveDatabaseChoice(home.path, parsePostgresAddress('postgres://caja@guardada/tienda'));
    const env = { FACTURA_DESK_DATABASE: 'postgres://caja@variable/tienda' };
    const hostOf = (choice: ReturnType<typeof readDatabaseChoice>) =>
      choice.engine === 'postgres' ? [choice.from, choice.address.host] : [choice.engine];
    expect(hostOf(readDatabaseChoice({ home: home.path, argument: 'postgres://caja@argumento/tienda', env }))).toEqual([
      'argument',
      'argumento',
    ]);
    expect(hostOf(readDatabaseChoice({ home: home.path, env }))).toEqual(['environment', 'variable']);
    expect(hostOf(readDatabaseChoice({ home: home.path, env: {} }))).toEqual(['saved', 'guardada']);
    expect(hostOf(readDatabaseChoice({ home: home.path, argument: 'SQLite', env }))).toEqual(['sqlite']);
    expect(hostOf(readDatabaseChoice({ home: home.path, env: { FACTURA_DESK_DATABASE: 'sqlite' } }))).toEqual(['sqlite']);
    forgetDatabaseChoice(home.path);
    expect(readDatabaseChoice({ home: home.path, env: {} })).toEqual({ engine: 'sqlite' });
  });

  it('an address in the variable is checked like one typed', () => {
    const refusal = refusalOf(() =>
      readDatabaseChoice({ home: home.path, env: { FACTURA_DESK_DATABASE: 'postgres://caja:secreto@h/tienda' } }),
    );
    expect(refusal.message).toContain('llavero');
  });

  it('saves the address without a password, owner-only, leaving no staged file behind', () => {
    const folder = join(home.path, 'datos');
    saveDatabaseChoice(folder, parsePostgresAddress('postgres://caja@caja-principal/tienda?sslmode=require'));
    saveDatabaseChoice(folder, parsePostgresAddress('postgres://caja@caja-principal/otra?sslmode=require'));
    expect(readdirSync(folder)).toEqual([CHOICE_FILE]);
    const file = join(folder, CHOICE_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      engine: 'postgres',
      url: 'postgres://caja@caja-principal:5432/otra?sslmode=require',
    });
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    }
  });

  it('keeps a caja principal’s pinned certificate with the saved choice, and only there', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const address = parsePostgresAddress('postgres://caja@192.168.1.20:5433/tienda?sslmode=verify-ca');
    saveDatabaseChoice(home.path, address, pem);
    expect(readDatabaseChoice({ home: home.path, env: {} })).toEqual({ engine: 'postgres', address, from: 'saved', pinned: pem });
    // The same address named by the argument is not pinned: the pin belongs to what was joined from Ajustes.
    expect(readDatabaseChoice({ home: home.path, argument: address.url, env: {} })).not.toHaveProperty('pinned');
    writeFileSync(join(home.path, CHOICE_FILE), JSON.stringify({ engine: 'postgres', url: address.url, certificate: 42 }));
    expect(refusalOf(() => readDatabaseChoice({ home: home.path, env: {} })).code).toBe('store_unavailable');
  });

  it('a damaged saved choice is refused with what to do, not read as SQLite', () => {
    mkdirSync(home.path, { recursive: true });
    writeFileSync(join(home.path, CHOICE_FILE), '{"engine":"postg');
    const refusal = refusalOf(() => readDatabaseChoice({ home: home.path, env: {} }));
    expect(refusal.code).toBe('store_unavailable');
    expect(refusal.message).toContain('borre ese archivo');
  });
});
