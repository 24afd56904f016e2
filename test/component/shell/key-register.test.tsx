// The keys the window draws name this register once the shell's first data says which one it is:
// an FE's draft_key `fe-<register>-<uuid>` and a DSE's Idempotency-Key `dse-<register>-<uuid>`,
// within the contract's limits; before that (core not answering), a key names no register.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/api/common';
import { registerOf } from '#shared/registers/keys';
import { installFakeBridge } from '#test/component/fake-bridge';
import { testQueryClient } from '#test/component/render';

const SEEN = '2026-11-20T15:00:00.000Z';

installFakeBridge({
  'registers.list': () => ({
    registers: [
      { id: 'P3RT5V7W', name: 'Caja 1', this_register: false, created_at: SEEN, last_seen_at: SEEN, removed_at: null },
      { id: 'K7QM2X9A', name: 'Caja 2', this_register: true, created_at: SEEN, last_seen_at: SEEN, removed_at: null },
    ],
  }),
});

describe('keys drawn by the window', () => {
  it('name no register before the shell knows it, and this register from the shell’s first data on', async () => {
    const { newDraftKey } = await import('#renderer/features/invoices/model');
    const { newIdempotencyKey } = await import('#renderer/features/support-documents/model/keys');
    const { prefetchShell, startShell } = await import('#renderer/shell/start-reads');
    expect(newDraftKey()).toMatch(/^fe-[0-9a-f]{8}-[0-9a-f-]{27}$/);
    expect(registerOf(newIdempotencyKey())).toBeNull();

    startShell();
    await prefetchShell(testQueryClient());
    const fe = newDraftKey();
    const dse = newIdempotencyKey();
    expect(fe).toMatch(/^fe-K7QM2X9A-[0-9a-f-]{36}$/);
    expect(dse).toMatch(/^dse-K7QM2X9A-[0-9a-f-]{36}$/);
    expect([registerOf(fe), registerOf(dse)]).toEqual(['K7QM2X9A', 'K7QM2X9A']);
    expect(fe.length).toBeLessThanOrEqual(LIMITS.draftKeyMax);
    expect(dse.length).toBeLessThanOrEqual(LIMITS.idempotencyKeyMax);
    expect(newDraftKey()).not.toBe(fe);
  });
});
