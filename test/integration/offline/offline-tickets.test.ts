// Contingency tickets at two registers cut off from the caja principal at once (ticket-blocks.ts):
// two registers as the app's served hosts on one shop database (a real PostgreSQL of this file's
// own), the embedded sandbox as the API (practice contingency numbering), the real keychain. On the
// shop's database each register is given a block of the numbering and its copy holds it; a sale
// queued there takes a number past every block. With the server stopped and the internet down too,
// each register queues sales numbered from its own block: no number twice, none the shop's
// database gave. With the server back, both hand their sales over, every printed number once.
import { describe, expect, it } from 'vitest';
import type { Submission } from '#shared/rpc/methods/submissions';
import { consumerSale } from '#test/core/rpc-core';
import { shopOnOwnServer, type Served } from '#test/offline-registers';
import { RICE } from '#test/products';
import { waitUntil } from '#test/wait';

const shop = shopOnOwnServer('factura-desk-offline-tickets-');
const { serve, close, query, copyRows, statusNow } = shop;

interface Block {
  register_id: string;
  first: number;
  last: number;
}

/** A sale queued for contingency while the sandbox refuses connections; its printed ticket number. */
async function queuedTicket(host: Served, amount: number): Promise<number> {
  await host.ok('sandbox.setOutage', { mode: 'refuse' });
  // The first sale of an outage may ride a kept-alive connection the outage cut: then it is in
  // doubt, a submission in flight, and the next one is queued.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const sold = await host.ok<Submission>('fe.submit', consumerSale(amount + attempt, 'card'));
    if (sold.contingency) {
      expect(sold.contingency.ticket_problem ?? null).toBeNull();
      const printed = /^PR(\d+)$/.exec(sold.contingency.ticket ?? '');
      expect(printed, JSON.stringify(sold.contingency)).not.toBeNull();
      return Number(printed![1]);
    }
  }
  throw new Error('no sale was queued');
}

/** The id of the register a host runs at. */
async function registerId(host: Served): Promise<string> {
  const { registers } = await host.ok<{ registers: { id: string; this_register: boolean }[] }>('registers.list', {});
  return registers.find((register) => register.this_register)!.id;
}

const inBlock = (number: number, block: Block | undefined) =>
  block !== undefined && block.first <= number && number <= block.last;

let a: Served;
let b: Served;
let blocks: Block[];
let idA: string;
const printed: number[] = [];

describe('contingency tickets at two registers without the caja principal', () => {
  it('on the shop database each register holds a block of the numbering; a sale queued there is numbered past both', async () => {
    a = await serve('caja-a');
    b = await serve('caja-b');
    expect(a.startupError).toBeNull();
    expect(b.startupError).toBeNull();
    await a.ok('catalog.save', { product: RICE });
    await a.ok('cashiers.createAdmin', { name: 'Marta', pin: '1234' });
    await a.ok('shifts.open', { opening_float: 50_000 });
    await b.ok('cashiers.signIn', { pin: '1234' });
    await b.ok('shifts.open', { opening_float: 40_000 });
    blocks = await waitUntil(
      async () =>
        (
          await query<{ register_id: string; first: string; last: string }>(
            'SELECT register_id, first_number AS first, last_number AS last FROM ticket_blocks ORDER BY first_number',
          )
        ).map((row) => ({ register_id: row.register_id, first: Number(row.first), last: Number(row.last) })),
      (rows) => new Set(rows.map((row) => row.register_id)).size === 2,
      { what: 'a block of contingency tickets for each register' },
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.last).toBeLessThan(blocks[1]!.first);
    // Each copy holds its own register's block, and only it.
    for (const [name, host] of [
      ['caja-a', a],
      ['caja-b', b],
    ] as const) {
      const id = await registerId(host);
      // Its open shift too: a register cut off sells in it.
      await waitUntil(
        () => ({
          blocks: copyRows(name, 'SELECT register_id FROM ticket_blocks'),
          shift: copyRows(name, 'SELECT copied_shift_id FROM shop_copy')[0]?.copied_shift_id ?? null,
        }),
        (copy) => copy.blocks.length === 1 && copy.shift !== null,
        { what: `the block and the open shift in ${name}’s copy` },
      );
      expect(copyRows(name, 'SELECT register_id, first_number AS first, last_number AS last FROM ticket_blocks')).toEqual(
        blocks.filter((block) => block.register_id === id),
      );
    }
    const online = await queuedTicket(a, 8_000);
    expect(blocks.some((block) => inBlock(online, block))).toBe(false);
    expect(online).toBeGreaterThan(blocks[1]!.last);
    printed.push(online);
    await a.ok('sandbox.setOutage', { mode: 'none' });
  });

  it('the server stopped and the internet down: each register numbers its queued sales from its own block, no number twice', async () => {
    idA = await registerId(a);
    const idB = await registerId(b);
    await shop.pause();
    await close(a);
    await close(b);
    a = await serve('caja-a');
    b = await serve('caja-b');
    for (const host of [a, b]) {
      expect(await statusNow(host)).toMatchObject({ offline: true, problem: null });
      await host.ok('cashiers.signIn', { pin: '1234' });
    }
    const blockA = blocks.find((block) => block.register_id === idA);
    const blockB = blocks.find((block) => block.register_id === idB);
    const a1 = await queuedTicket(a, 5_000);
    const b1 = await queuedTicket(b, 5_000);
    const a2 = await queuedTicket(a, 6_000);
    expect(inBlock(a1, blockA)).toBe(true);
    expect(a2).toBe(a1 + 1);
    expect(inBlock(a2, blockA)).toBe(true);
    expect(inBlock(b1, blockB)).toBe(true);
    printed.push(a1, a2, b1);
    expect(new Set(printed).size).toBe(printed.length);
  });

  it('the server back: both registers hand their queued sales over, every printed number once', async () => {
    await shop.resume();
    for (const host of [a, b])
      await waitUntil(
        () => statusNow(host),
        (seen) => seen !== null && !seen.offline,
        { what: 'the register back on the shop database' },
      );
    const numbers = (
      await query<{ ticket_number: string }>('SELECT ticket_number FROM outbox WHERE ticket_number IS NOT NULL ORDER BY id')
    ).map((row) => Number(row.ticket_number));
    expect([...numbers].sort((x, y) => x - y)).toEqual([...printed].sort((x, y) => x - y));
    expect(await query('SELECT 1 FROM outbox WHERE ticket_problem IS NOT NULL')).toEqual([]);
    // Caja A's references go on past the one it took on the shop's database, on its copy too.
    const refsA = (
      await query<{ local_ref: string }>('SELECT local_ref FROM outbox WHERE local_ref LIKE $1 ORDER BY local_ref', [
        `CONT-${idA}-%`,
      ])
    ).map((row) => row.local_ref);
    expect(refsA).toEqual([1, 2, 3].map((n) => `CONT-${idA}-${String(n).padStart(6, '0')}`));
  });
});
