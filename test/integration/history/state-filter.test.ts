// The Historial's state filter by meaning, on a real SQLite mirror and through every search plan:
// «Aceptado con notificaciones» alone, «En proceso / pendiente» (every known state on its way, the
// DSE's steps included), «En verificación» (a state nobody knows), and the older values still valid.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteEngine } from '#core/store/engine';
import { HistoryQueries, type SearchPlan } from '#core/history/query';
import { Store } from '#core/store/store';
import { HistoryFilter, type HistoryStateFilter } from '#shared/rpc/methods/history';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';

const PLANS: SearchPlan[] = ['auto', 'matches-first', 'date-first'];
let dir: ReturnType<typeof tempDir>;
let store: Store;
/** The rows given a known counterpart word, by the state each was set to. */
const marked = new Map<number, string>();

beforeAll(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'history.sqlite'));
  const docs = generateHistory(store.db, { connectionId: 1, count: 400, seed: 11 }).docs;
  const states = [
    'aceptado',
    'aceptado_con_notificaciones',
    'rechazado',
    'firmado',
    'en_proceso',
    'Validación manual',
    'pendiente',
  ];
  const update = store.db.prepare(
    "UPDATE history_documents SET estado_dian = ?, counterpart_name = 'Proveedor Zafiro' WHERE id = ?",
  );
  docs.slice(0, 28).forEach((doc, index) => {
    const state = states[index % states.length]!;
    update.run(state, doc.id);
    marked.set(doc.id, state);
  });
});
afterAll(() => {
  store?.close();
  dir?.remove();
});

const expected: Partial<Record<HistoryStateFilter, (state: string) => boolean>> = {
  aceptado: (s) => s === 'aceptado' || s === 'aceptado_con_notificaciones',
  aceptado_con_notificaciones: (s) => s === 'aceptado_con_notificaciones',
  rechazado: (s) => s === 'rechazado',
  en_curso: (s) => ['firmado', 'en_proceso', 'pendiente'].includes(s),
  en_verificacion: (s) => s === 'Validación manual',
  pendiente: (s) => !['aceptado', 'aceptado_con_notificaciones', 'rechazado'].includes(s),
  firmado: (s) => s === 'firmado',
};

describe('Historial state filter by meaning', () => {
  for (const [state, keeps] of Object.entries(expected)) {
    it(`«${state}» finds the documents of that meaning, with every search plan`, async () => {
      const want = [...marked].filter(([, s]) => keeps(s)).map(([id]) => id);
      expect(want.length).toBeGreaterThan(0);
      const filter = HistoryFilter.parse({ q: 'Zafiro', state });
      for (const plan of PLANS) {
        const got = (await new HistoryQueries(sqliteEngine(store.db), { plan }).page(1, filter, 0, 200)).items.map(
          (row) => row.id,
        );
        expect({ plan, ids: got.sort((a, b) => a - b) }).toEqual({ plan, ids: [...want].sort((a, b) => a - b) });
      }
    });
  }

  it('still accepts the older values of a saved filter', () => {
    for (const state of ['pendiente', 'firmado', 'sending', 'en_proceso_http', 'send_unknown']) {
      expect(HistoryFilter.safeParse({ state }).success).toBe(true);
    }
  });
});
