// The caja principal: this register runs the shop's PostgreSQL in its own data folder
// (`<datos>/caja-principal/`), reachable on the shop's network over TLS with the shop role's
// password. Made once (cluster.ts), started and stopped with pg_ctl (which on Windows drops an
// administrator's rights, as PostgreSQL requires), so the server is its own process: an app killed
// leaves it running or, killed too, leaves a stale postmaster.pid that the next start clears.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { parsePostgresAddress, type PostgresAddress } from '#core/store/database-choice';
import { keepDatabasePassword, readDatabasePassword } from '#core/vault/database-password';
import type { SecretStore } from '#core/vault/vault';
import { postgresBinaries, type PostgresBinaries } from './binaries';
import { fingerprintOf, generateServerCertificate, lanAddresses } from './certificate';
import { postgresFault } from '#core/store/postgres/faults';
import { dedicatedClient } from '#core/store/postgres/pool';
import { applyRoleLayout, ENROL_ROLE, makeCluster, ROLE_LAYOUT, scramVerifier, SHOP_DATABASE, SHOP_ROLE } from './cluster';
import { encodeJoinCode, PASSWORD_BYTES, passwordOf } from './join-code';

export const SHOP_SERVER_FOLDER = 'caja-principal';
/**
 * 5433, not PostgreSQL's 5432: a shop or a technician may already run a PostgreSQL of their own on
 * this computer, and two servers must not fight over one port. When 5433 is taken when the cluster
 * is made, the next free one up to 5442, else one the system gives; it is kept from then on, since
 * the registers that joined saved it.
 */
export const DEFAULT_SHOP_PORT = 5433;
const PORT_TRIES = 10;
const CONFIG_FILE = 'shop-server.json';
const START_TIMEOUT_S = 60;

export interface ShopServerConfig {
  port: number;
  database: string;
  user: string;
  /** cluster.ts's ROLE_LAYOUT the roles were made in; absent: layout 1 (one role for every register). */
  layout?: number;
}

export interface ShopServerStatus {
  initialised: boolean;
  running: boolean;
  port: number | null;
  /** host:port another register types: the LAN addresses, or 127.0.0.1 alone on a computer with no network. */
  addresses: string[];
}

export interface ShopServerOptions {
  home: string;
  secrets: SecretStore;
  /** The port to try first when the cluster is made (tests give 0: any free one). */
  port?: number;
}

export class ShopServer {
  readonly folder: string;
  private readonly data: string;
  private binaries: PostgresBinaries | null = null;
  /** The join code being read or drawn now, which every caller meanwhile waits for (see joinCode). */
  private joinCodeUnderWay: Promise<string> | null = null;

  constructor(private readonly options: ShopServerOptions) {
    this.folder = join(options.home, SHOP_SERVER_FOLDER);
    this.data = join(this.folder, 'data');
  }

  /** The cluster's settings once it was made whole (written last); null before. */
  config(): ShopServerConfig | null {
    try {
      return JSON.parse(readFileSync(join(this.folder, CONFIG_FILE), 'utf8')) as ShopServerConfig;
    } catch {
      return null;
    }
  }

  /** The server's certificate, which registers pin. */
  certificate(): string {
    return readFileSync(join(this.data, 'server.crt'), 'utf8');
  }

  /** How this register reaches its own server: loopback, TLS pinned to the same certificate. */
  localAddress(): PostgresAddress {
    const config = this.requireConfig();
    return parsePostgresAddress(`postgres://${config.user}@127.0.0.1:${config.port}/${config.database}?sslmode=verify-ca`);
  }

  /**
   * Makes the cluster once; a second call finds it made and changes nothing. The password is drawn
   * and kept in the keychain first, so a computer without a keychain is refused before anything is
   * written; a cluster left half-made by an interrupted first call is made again.
   */
  async initialise(): Promise<ShopServerConfig> {
    const made = this.config();
    if (made) return made;
    const binaries = await this.resolveBinaries();
    if (binaries.owner) this.giveFolderToServerUser(binaries.owner);
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    rmSync(this.data, { recursive: true, force: true });
    const port = await choosePort(this.options.port ?? DEFAULT_SHOP_PORT);
    const password = passwordOf(randomBytes(PASSWORD_BYTES));
    const config: ShopServerConfig = { port, database: SHOP_DATABASE, user: SHOP_ROLE, layout: ROLE_LAYOUT };
    await keepDatabasePassword(this.options.secrets, loopbackTarget(config), password);
    makeCluster({ data: this.data, port, certificate: await generateServerCertificate(), password, binaries });
    this.writeConfig(config);
    return config;
  }

  private writeConfig(config: ShopServerConfig): void {
    writeFileSync(join(this.folder, CONFIG_FILE), `${JSON.stringify(config)}\n`, { mode: 0o600 });
  }

  /** Starts the server and waits until it accepts connections; already running: nothing to do. */
  async start(): Promise<ShopServerStatus> {
    const config = this.requireConfig();
    const binaries = await this.resolveBinaries();
    if (config.layout !== ROLE_LAYOUT) {
      // A cluster made before each register had its own login: its roles are brought to this
      // build's with the server stopped, once (registers that joined it then join again).
      await this.stop();
      this.clearStalePid();
      applyRoleLayout(binaries, this.data);
      this.writeConfig({ ...config, layout: ROLE_LAYOUT });
    }
    if (this.running()) return this.status();
    this.clearStalePid();
    const deadline = Date.now() + START_TIMEOUT_S * 1000;
    for (;;) {
      const result = await this.pgCtl(binaries, [
        'start',
        '-D',
        this.data,
        '-l',
        join(this.folder, 'server.log'),
        '-w',
        '-t',
        String(START_TIMEOUT_S),
        '-s',
      ]);
      if (result.ok && this.running()) return this.status();
      // After a SIGKILL the old server's children may hold its shared memory for a moment: the
      // server refuses to start until they are gone, so the start is tried again until the deadline.
      if (Date.now() > deadline) {
        throw new AppError(
          'store_unavailable',
          `No se pudo iniciar el servidor de la caja principal. Revise que el puerto ${this.requireConfig().port} no lo use otro programa y el registro ${join(this.folder, 'server.log')}.`,
          { reason: 'server_start_failed', output: result.output.slice(-2000) },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** A fast shutdown: sessions ended, data closed cleanly. Not running: nothing to do. */
  async stop(): Promise<void> {
    if (!this.config() || this.postmasterPid() === null) return;
    const binaries = await this.resolveBinaries();
    await this.pgCtl(binaries, ['stop', '-D', this.data, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_S), '-s']);
  }

  status(): ShopServerStatus {
    const config = this.config();
    if (!config) return { initialised: false, running: false, port: null, addresses: [] };
    const lan = lanAddresses();
    return {
      initialised: true,
      running: this.running(),
      port: config.port,
      addresses: (lan.length > 0 ? lan : ['127.0.0.1']).map((ip) => `${ip}:${config.port}`),
    };
  }

  /**
   * What another register types: the password of the join role (cluster.ts's ENROL_ROLE, which may
   * only make a register's own login) and the certificate's fingerprint (join-code.ts). The same code
   * until a register is removed, which voids it (cajas.retire): then a new password is drawn, kept
   * in the keychain first, and given to the role. Callers at once (two windows, a screen asking
   * again) share one reading: two draws would give the role the password of one and leave the other
   * caller showing a void code, or the keychain holding a password the role no longer has.
   */
  joinCode(): Promise<string> {
    this.joinCodeUnderWay ??= this.readOrDrawJoinCode().finally(() => {
      this.joinCodeUnderWay = null;
    });
    return this.joinCodeUnderWay;
  }

  private async readOrDrawJoinCode(): Promise<string> {
    const config = this.requireConfig();
    const owner = await readDatabasePassword(this.options.secrets, loopbackTarget(config));
    if (owner === null)
      throw new AppError(
        'store_unavailable',
        'El llavero del sistema ya no tiene la contraseña de la caja principal, así que no se puede mostrar el código para unirse. Las cajas que ya se unieron siguen funcionando.',
        { reason: 'no_password' },
      );
    const client = dedicatedClient(
      { target: this.localAddress(), password: owner, pinned: this.certificate(), connectTimeoutMs: 10_000 },
      'factura-desk-join-code',
    );
    client.on('error', () => undefined);
    try {
      await client.connect();
      const open = await client.query<{ open: boolean }>('SELECT rolcanlogin AS open FROM pg_roles WHERE rolname = $1', [
        ENROL_ROLE,
      ]);
      let password = await readDatabasePassword(this.options.secrets, enrolTarget(config));
      if (open.rows[0]?.open !== true || password === null) {
        password = passwordOf(randomBytes(PASSWORD_BYTES));
        await keepDatabasePassword(this.options.secrets, enrolTarget(config), password);
        // As `caja` itself, not as the shop's owner role its sessions work as: only it may.
        await client.query('SET ROLE NONE');
        await client.query(`ALTER ROLE ${ENROL_ROLE} LOGIN PASSWORD '${scramVerifier(password)}'`);
      }
      return encodeJoinCode(password, fingerprintOf(this.certificate()));
    } catch (error) {
      throw (
        postgresFault(error, this.localAddress(), { phase: 'connect', opened: true, timedOutAfterMs: null, pinned: true }) ??
        error
      );
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** The postmaster's pid while its process lives; null when none runs on this cluster. */
  postmasterPid(): number | null {
    const lines = this.pidFile();
    if (!lines) return null;
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  }

  private running(): boolean {
    // postmaster.pid's eighth line is the server's state: «ready» once it accepts connections.
    return this.postmasterPid() !== null && this.pidFile()?.[7]?.trim() === 'ready';
  }

  private pidFile(): string[] | null {
    try {
      return readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n');
    } catch {
      return null;
    }
  }

  /**
   * A postmaster.pid whose process is gone (the app and its server killed, the computer switched
   * off) is removed: PostgreSQL would also refuse one whose pid the system gave since to another
   * process.
   */
  private clearStalePid(): void {
    if (this.pidFile() !== null && this.postmasterPid() === null) rmSync(join(this.data, 'postmaster.pid'), { force: true });
  }

  /**
   * pg_ctl, waited for without blocking: `start -w` and `stop -w` take up to START_TIMEOUT_S, and the
   * host's event loop (the desktop window's main process) keeps answering meanwhile.
   */
  private pgCtl(binaries: PostgresBinaries, args: string[]): Promise<{ ok: boolean; output: string }> {
    const [file, argv] = binaries.command(binaries.pg_ctl, args);
    return new Promise((resolve) => {
      execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ ok: error === null, output: `${stdout}${stderr}${error && !stderr ? String(error) : ''}` }),
      );
    });
  }

  private async resolveBinaries(): Promise<PostgresBinaries> {
    this.binaries ??= await postgresBinaries(this.folder);
    return this.binaries;
  }

  private requireConfig(): ShopServerConfig {
    const config = this.config();
    if (!config)
      throw new AppError('conflict', 'Este equipo todavía no es la caja principal. Hágalo en Ajustes › Cajas.', {
        reason: 'not_main_register',
      });
    return config;
  }

  /**
   * As root, the server runs as `nobody`: its folder is that user's, and the data folder above it
   * lets others pass through (no listing, no reading: its files stay 0600), or the server could not
   * reach its own cluster.
   */
  private giveFolderToServerUser(owner: { uid: number; gid: number }): void {
    // The folders above the data folder are not ours to open up: one closed to others is said.
    for (let folder = dirname(this.options.home); ; folder = dirname(folder)) {
      if ((statSync(folder).mode & 0o001) === 0)
        throw new AppError(
          'store_unavailable',
          `Factura Desk corre como administrador (root), así que el servidor de la caja principal corre como el usuario «nobody», que no puede entrar en ${folder}. Use una carpeta de datos fuera de ella (--home) o abra Factura Desk con una cuenta normal; no se modificó nada.`,
          { reason: 'folder_unreachable', folder },
        );
      if (dirname(folder) === folder) break;
    }
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    chownSync(this.folder, owner.uid, owner.gid);
    const mode = statSync(this.options.home).mode & 0o777;
    if ((mode & 0o001) === 0) chmodSync(this.options.home, mode | 0o001);
  }
}

function loopbackTarget(config: ShopServerConfig) {
  return { host: '127.0.0.1', port: config.port, database: config.database, user: config.user };
}

/** Where the join role's current password is kept (it is what the join code carries). */
function enrolTarget(config: ShopServerConfig) {
  return { ...loopbackTarget(config), user: ENROL_ROLE };
}

/**
 * Whether a postmaster lives at `pid`: signal 0 checks without sending anything (EPERM: it lives,
 * another user's). On Linux the process's name is checked too, since a pid left in a stale file may
 * since have been given to another program.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

async function choosePort(first: number): Promise<number> {
  if (first === 0) return listenable(0);
  for (let port = first; port < first + PORT_TRIES; port += 1) {
    try {
      return await listenable(port);
    } catch {
      // Taken: the next one.
    }
  }
  return listenable(0);
}

/** Binds the port on every interface for a moment, as the server will: the port it got. */
function listenable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '0.0.0.0', () => {
      const { port: got } = probe.address() as { port: number };
      probe.close(() => resolve(got));
    });
  });
}
