// The command line, as a real child process, against a contract-keeping server that lists by cursor
// only, spells acceptance "aceptado con observaciones" and answers a rejected FE without its id:
// submit, sync and history end with the local history equal to the server's, one document per key.
// On both engines: the data folder's SQLite file, and a shop's PostgreSQL named by `--database`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage, SyncSummary } from '#shared/rpc/methods/history';
import { feRequest } from '#test/contract-server/bed';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '#test/contract-server/server';
import { OUTCOME_BY_NUMBER as N, SHAPE_VARIANTS } from '#test/contract-server/variants';
import { runCli } from '#test/core/cli';
import { tempDir } from '#test/temp';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';

const CURSOR = SHAPE_VARIANTS.find((v) => v.feList === 'cursor')!;

let dir: ReturnType<typeof tempDir>;
let server: ContractServer;
let home: string;
let ledgers: ShopLedgers;

function file(name: string, body: unknown): string {
  const path = join(dir.path, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

describe.each(ENGINE_KINDS)('command line against a cursor-only server (%s)', { timeout: 180_000 }, (kind) => {
  // A server of each engine's own: the run's documents and keys are counted on it.
  beforeAll(async () => {
    dir = tempDir('factura-desk-cli-shapes-');
    server = await startContractServer(CURSOR, { feDocuments: 50 });
    home = join(dir.path, 'home');
    ledgers = shopLedgers(kind);
  });
  afterAll(async () => {
    await ledgers?.close();
    await server?.close();
    dir?.remove();
  });
  const cli = async (args: string[], options?: Parameters<typeof runCli>[2]) =>
    runCli(home, [...(await ledgers.cliArgs(home)), ...args], options);

  it('connect, submit, sync and history: the local history equals the server’s, one document per key', async () => {
    const connect = await cli(
      ['connect', '--base-url', server.baseUrl, '--company', String(CONTRACT_COMPANY), '--kind', 'production'],
      { stdin: `${CONTRACT_TOKENS.full}\n` },
    );
    expect(connect.code).toBe(0);

    const accepted = await cli(['fe', 'submit', file('ok.json', feRequest(N.accept, 'cli-shapes-ok'))]);
    expect(accepted.code).toBe(0);
    expect(accepted.json).toMatchObject({ state: 'accepted', estado_dian: 'aceptado_con_notificaciones' });
    const rejected = await cli(['fe', 'submit', file('no.json', feRequest(N.reject, 'cli-shapes-no'))]);
    expect(rejected.code).toBe(4);
    expect(rejected.json).toMatchObject({ state: 'rejected', document_id: null });

    const sync = await cli(['sync']);
    expect(sync.code).toBe(0);
    expect((sync.json as SyncSummary).warning).toBeNull();

    const history = await cli(['history', '--json', '--kind', 'FE', '--limit', '500']);
    const local = (history.json as HistoryPage).items;
    const remote = server.feSnapshot();
    expect(remote).toHaveLength(52);
    expect(local.map((r) => r.remote_id).sort((a, b) => a - b)).toEqual(remote.map((d) => d.id));
    const states = new Map(local.map((r) => [r.remote_id, r.estado_dian]));
    for (const doc of remote) {
      expect(states.get(doc.id)).toBe(doc.estado === 'rejected' ? 'rechazado' : 'aceptado_con_notificaciones');
    }
    // The rejection answered without an id is one row, the server's, linked to its submission.
    const row = local.find((r) => r.counterpart_doc === N.reject)!;
    expect(row.submission_id).toBe((rejected.json as { id: number }).id);
    expect(remote.filter((d) => d.draftKey === 'cli-shapes-no')).toHaveLength(1);
    expect(remote.filter((d) => d.draftKey === 'cli-shapes-ok')).toHaveLength(1);
  });
});
