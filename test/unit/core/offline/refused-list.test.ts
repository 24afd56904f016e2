// What a register without the caja principal refuses has one list (shared/offline/refused.ts): core
// refuses exactly those methods, each with the reason the screens show beside the disabled action.
import { describe, expect, it } from 'vitest';
import { offlineRefusal } from '#core/offline/offline-mode';
import { OFFLINE_REFUSED, offlineRefusedReason } from '#shared/offline/refused';
import { rpcContract } from '#shared/rpc/contract';

describe('the methods refused without the caja principal', () => {
  it('are refused by core with the shared reason first', () => {
    for (const [method, reason] of Object.entries(OFFLINE_REFUSED)) {
      expect(offlineRefusal(method)).toMatch(new RegExp(`^${reason}\\. Esta caja está trabajando sin la caja principal`));
    }
  });

  it('leave every other method of the contract alone: selling, shifts open and move, history reading, printing', () => {
    const allowed = Object.keys(rpcContract).filter((method) => !Object.hasOwn(OFFLINE_REFUSED, method));
    for (const method of allowed) expect(offlineRefusal(method)).toBeNull();
    expect(allowed).toEqual(
      expect.arrayContaining(['fe.submit', 'shifts.open', 'shifts.move', 'history.list', 'print.settings', 'catalog.search']),
    );
    expect(offlineRefusedReason('toString')).toBeNull();
  });
});
