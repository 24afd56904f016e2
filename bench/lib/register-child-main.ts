// One register of the three-registers scenario, in a process of its own (forked by register-child.ts):
// core opened on the shop's PostgreSQL as the app opens it (openCore with the database chosen), its
// own data folder and keychain, background work on (the history mirror, the shop's notices). Told
// to go, it sells in a loop until told to stop: a DSE through core then the same kind of DSE posted
// bare (the submission scenario's interleaving, for the overhead), and an FE through core. Every
// 'history.changed' about another register's sale is looked up in history.list, as Historial asks
// for it once the event makes it stale; the moment the row is there is recorded. Times are
// performance.timeOrigin + now(): the same clock in every process of this machine.
import { join } from 'node:path';
import { openCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { parsePostgresAddress } from '#core/store/database-choice';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { call, memorySecrets } from './core';
import type { FromRegister, RegisterSample, ToRegister } from './register-child';
import { COMPANY, dseRequest, feRequest, postDse, TOKEN } from './sandbox';

const [home, url, baseUrl, indexText] = process.argv.slice(2) as [string, string, string, string];
const index = Number(indexText);
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromRegister) => process.send!(message);

async function main(): Promise<void> {
  const core = await openCore({
    home,
    secrets: memorySecrets(),
    transport: 'cli',
    logger: new FileLogger(join(home, 'logs', 'factura-desk.log')),
    choice: { engine: 'postgres', address: parsePostgresAddress(url), from: 'argument' },
  });
  const connection = (await core.parts.connections.list()).find((c) => c.company_id === COMPANY && c.base_url === baseUrl);
  if (!connection) throw new Error('the shop database has no connection to the sandbox');
  await core.parts.connections.setToken(connection.id, TOKEN);
  await core.parts.connections.activate(connection.id);
  await core.startBackground();

  const own = new Set<string>();
  const samples: RegisterSample[] = [];
  const sales: { key: string; at: number }[] = [];
  const shown: { key: string; at: number }[] = [];
  const looking: Promise<void>[] = [];
  core.events.subscribe((event, payload) => {
    if (event !== 'history.changed') return;
    const { kind, document_id } = payload as { kind: 'FE' | 'DSE'; document_id: number };
    const key = `${kind}:${document_id}`;
    if (own.has(key)) return;
    looking.push(
      (async () => {
        // Historial's first page of that kind, newest first, as the screen reads it again.
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const page = await call<HistoryPage>(core, 'history.list', { filter: { kind }, offset: 0, limit: 20 });
          if (page.items.some((row) => row.remote_id === document_id)) {
            shown.push({ key, at: now() });
            return;
          }
        }
      })(),
    );
  });

  let stopping = false;
  let selling: Promise<void> | null = null;
  let n = 1_000_000 * (index + 1);
  const sold = (submission: Submission, kind: 'FE' | 'DSE'): void => {
    if (submission.state !== 'accepted' || submission.document_id === null)
      throw new Error(`${kind} ${n} ended ${submission.state}: ${JSON.stringify(submission.error)}`);
    const key = `${kind}:${submission.document_id}`;
    own.add(key);
    sales.push({ key, at: now() });
  };
  async function sell(): Promise<void> {
    while (!stopping) {
      let started = now();
      const dse = await call<Submission>(core, 'dse.submit', { request: dseRequest(n++) });
      const viaCore = now() - started;
      sold(dse, 'DSE');
      started = now();
      await postDse(baseUrl, dseRequest(n++), `bare-caja-${index}-${n}`);
      samples.push({ at: started, viaCore, bare: now() - started });
      sold(await call<Submission>(core, 'fe.submit', { request: feRequest(n++) }), 'FE');
    }
  }

  process.on('message', (message: ToRegister) => {
    if (message.kind === 'go') {
      selling = sell();
      selling.catch((error: unknown) => send({ kind: 'failed', message: String(error) }));
      return;
    }
    stopping = true;
    void (async () => {
      await selling;
      await Promise.all(looking);
      await core.close();
      process.send!({ kind: 'done', samples, sales, shown } satisfies FromRegister, () => process.exit(0));
    })().catch((error: unknown) => send({ kind: 'failed', message: String(error) }));
  });
  send({ kind: 'ready' });
}

main().catch((error: unknown) =>
  send({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
