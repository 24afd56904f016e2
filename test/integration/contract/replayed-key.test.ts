// A key the server says it already has is never a failure. Against a server written from the
// contract alone: the first FE POST is committed but its answer is lost; the client resends the same
// draft_key; the server answers that it already has it — with the invoice again, a 409 naming the
// factura_id, a 409 naming nothing, or a 400 "draft_key ya fue utilizado". The ledger settles from the
// document the server holds, or stays in doubt saying the sale must not be made again; never
// "No se pudo emitir", never a second invoice.
import { afterEach, describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { call, contractBed, feRequest, type ContractBed } from '#test/contract-server/bed';
import { CONVENTIONAL, OUTCOME_BY_NUMBER as N, type ContractVariant } from '#test/contract-server/variants';

let bed: ContractBed | null = null;
afterEach(async () => {
  await bed?.close();
  bed = null;
});

const REPLAYS: { replay: NonNullable<ContractVariant['feReplay']>; settles: boolean }[] = [
  { replay: 'document', settles: true },
  { replay: '409-naming', settles: true },
  { replay: '409-bare', settles: false },
  { replay: '400-used', settles: false },
];

describe('a replayed draft_key the server already holds', () => {
  it.each(REPLAYS)('answered «$replay»: one invoice on the server, never a failure', async ({ replay, settles }) => {
    bed = await contractBed({ ...CONVENTIONAL, name: `replay ${replay}`, feReplay: replay });
    const before = bed.server.feDocuments();
    bed.server.dropCreates(1);
    const first = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.accept, `fe-replay-${replay}`) });
    expect(first.state).toBe('in_doubt');
    expect(bed.server.feDocuments()).toBe(before + 1);

    // The resend with the same key and bytes (the poller's, or «Verificar ahora»).
    let after = await call<Submission>(bed.core, 'submissions.check', { id: first.id });
    if (after.state === 'pending') after = await call<Submission>(bed.core, 'submissions.check', { id: first.id });
    if (settles) {
      expect(after).toMatchObject({ state: 'accepted', document_number: expect.stringMatching(/^FV\d+$/) });
    } else {
      expect(after.state).toBe('in_doubt');
      expect(after.error?.message).toMatch(/No (la )?repita la venta/);
      expect(after.error?.message).not.toMatch(/Error interno|Corrija los datos|No se pudo emitir/);
    }
    // Whatever the answer, the server holds exactly one invoice for the sale.
    expect(bed.server.feDocuments()).toBe(before + 1);
    expect(['conflict', 'failed']).not.toContain(after.state);
  });

  it('a 409 to a first FE request naming the invoice (a key sent before from elsewhere) reads that invoice back', async () => {
    bed = await contractBed({ ...CONVENTIONAL, name: 'replay 409 first', feReplay: '409-naming' });
    const key = 'fe-already-there';
    // The invoice exists on the server under this key (sent by another ledger, e.g. before a restore).
    const other = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.accept, key) });
    expect(other.state).toBe('accepted');
    const count = bed.server.feDocuments();
    await bed.core.parts.store!.db.prepare('DELETE FROM submissions WHERE id = ?').run(other.id);
    const again = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.accept, key) });
    const settled = again.state === 'pending' ? await call<Submission>(bed.core, 'submissions.check', { id: again.id }) : again;
    expect(settled).toMatchObject({ state: 'accepted', document_id: other.document_id });
    expect(bed.server.feDocuments()).toBe(count);
  });
});
