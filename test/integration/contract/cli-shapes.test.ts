// The command line, as a real child process, against contract-keeping servers over real HTTPS whose
// certificate comes from a test authority the shop trusts with `connect --ca` (the system's roots
// alone would refuse it): each server with shapes the client once failed on (a Laravel paginator,
// DRF pages, a cursor-only list; acceptance spelled with notices; a rejected FE answered without its
// id). Submit, sync and history end with the local history equal to the server's, one document per key.
// On both engines: the data folder's SQLite file, and a shop's PostgreSQL named by `--database`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage, SyncSummary } from '#shared/rpc/methods/history';
import { feRequest } from '#test/contract-server/bed';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '#test/contract-server/server';
import { makeTestPki, type TestPki } from '#test/contract-server/test-pki';
import { OUTCOME_BY_NUMBER as N, SHAPE_VARIANTS, type ContractVariant } from '#test/contract-server/variants';
import { runCli } from '#test/core/cli';
import { tempDir } from '#test/temp';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';
import type { EngineKind } from '#core/store/engine';

let dir: ReturnType<typeof tempDir>;
let pki: TestPki;
let authority: string;
/** A system store without the test authority: only `--ca` makes the provider trusted. */
let bareSystem: Record<string, string>;

beforeAll(async () => {
  dir = tempDir('factura-desk-cli-shapes-');
  pki = await makeTestPki();
  authority = join(dir.path, 'autoridad-proveedor.pem');
  writeFileSync(authority, pki.caCert);
  bareSystem = { SSL_CERT_DIR: join(dir.path, 'empty'), SSL_CERT_FILE: join(dir.path, 'none.pem') };
});
afterAll(() => {
  dir?.remove();
});

const CASES = SHAPE_VARIANTS.flatMap((v) =>
  ENGINE_KINDS.map((kind) => [v.name, kind, v] as [string, EngineKind, ContractVariant]),
);

describe.each(CASES)('command line over HTTPS against a server with %s (%s)', { timeout: 180_000 }, (name, kind, variant) => {
  let server: ContractServer;
  let ledgers: ShopLedgers;
  const slug = `${SHAPE_VARIANTS.indexOf(variant)}-${kind}`;
  const home = () => join(dir.path, `home-${slug}`);
  const file = (file: string, body: unknown) => {
    const path = join(dir.path, `${slug}-${file}`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const cli = async (args: string[], stdin?: string) =>
    runCli(home(), [...(await ledgers.cliArgs(home())), ...args], { env: bareSystem, ...(stdin ? { stdin } : {}) });

  beforeAll(async () => {
    server = await startContractServer(variant, { feDocuments: 50, tls: pki.server.valid });
    ledgers = shopLedgers(kind);
  });
  afterAll(async () => {
    await ledgers?.close();
    await server?.close();
  });

  it('connect with the provider authority, submit, sync and history: the local history equals the server’s, one document per key', async () => {
    const args = ['connect', '--base-url', server.baseUrl, '--company', String(CONTRACT_COMPANY), '--kind', 'production'];
    expect(server.baseUrl).toMatch(/^https:/);
    // Without the authority the certificate is refused, named, and nothing reached the server.
    const without = join(dir.path, `home-${slug}-without`);
    const refused = await runCli(without, [...(await ledgers.cliArgs(without)), ...args], {
      stdin: `${CONTRACT_TOKENS.full}\n`,
      env: bareSystem,
    });
    expect(JSON.stringify(refused.json)).toMatch(/autoridad que este equipo no reconoce/);
    expect(server.requests).toHaveLength(0);
    const connect = await cli([...args, '--ca', authority], `${CONTRACT_TOKENS.full}\n`);
    expect(connect.code).toBe(0);

    const accepted = await cli(['fe', 'submit', file('ok.json', feRequest(N.accept, `cli-shapes-ok-${slug}`))]);
    expect(accepted.code).toBe(0);
    expect(accepted.json).toMatchObject({ state: 'accepted', estado_dian: 'aceptado_con_notificaciones' });
    const rejected = await cli(['fe', 'submit', file('no.json', feRequest(N.reject, `cli-shapes-no-${slug}`))]);
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
      expect([name, doc.id, states.get(doc.id)]).toEqual([
        name,
        doc.id,
        doc.estado === 'rejected' ? 'rechazado' : 'aceptado_con_notificaciones',
      ]);
    }
    // The rejection answered without an id is one row, the server's, linked to its submission.
    const rows = local.filter((r) => r.counterpart_doc === N.reject);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submission_id).toBe((rejected.json as { id: number }).id);
    // One document per key on the server.
    const keys = remote.map((d) => d.draftKey).filter((k): k is string => k !== null);
    expect(new Set(keys).size).toBe(keys.length);
    expect(remote.filter((d) => d.draftKey === `cli-shapes-no-${slug}`)).toHaveLength(1);
    expect(remote.filter((d) => d.draftKey === `cli-shapes-ok-${slug}`)).toHaveLength(1);
  });
});
