// «Turnos del período» through the RPC, on a real core (real SQLite file) selling to the real
// sandbox: shifts of two cashiers on two registers opened and closed through the shifts RPC, then
// read by reports.shifts: one row per shift (a closed one with its close's figures, an open one so
// far) and the totals per cashier and per register, counted cash and difference of closed shifts only.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { addDays, colombiaToday, toColombia } from '#shared/dates';
import type { ShiftsReport } from '#shared/rpc/methods/reports';
import type { Shift } from '#shared/rpc/methods/shifts';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { consumerSale, openRpcCore } from '#test/core/rpc-core';
import { memorySecrets } from '#test/core/memory-secrets';
import { saveRegisterId } from '#core/registers/register-identity';
import { connectDemo } from '#test/shop';
import { tempDir } from '#test/temp';

const ADMIN_PIN = '482913';
const ANA_PIN = '5172';
const BETO_PIN = '930415';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = tempDir('factura-desk-shifts-report-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 20 });
});
const secrets = memorySecrets();
const open = (home: string) => openRpcCore(home, { secrets });

afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

const counts = (bills: Record<string, number>) => ({ ...Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0])), ...bills });

describe('reports.shifts', () => {
  let app: ReturnType<typeof open>;
  const today = colombiaToday(new Date());

  beforeAll(async () => {
    app = open(join(dir.path, 'shop'));
    await connectDemo(app.rpc, sandbox.baseUrl);
    await app.rpc('cashiers.createAdmin', { name: 'Marta', pin: ADMIN_PIN });
    await app.rpc('cashiers.create', { name: 'Ana', pin: ANA_PIN, role: 'cajero' });
    await app.rpc('cashiers.create', { name: 'Beto', pin: BETO_PIN, role: 'cajero' });
  });
  afterAll(async () => {
    await app?.core.close();
  });

  it('before any shift the period has none', async () => {
    const report = await app.rpc<ShiftsReport>('reports.shifts', { from: today, to: today });
    expect(report).toEqual({ from: today, to: today, shifts: [], by_cashier: [], by_register: [] });
  });

  it('lists each shift of the period and sums them per cashier and per register', async () => {
    // Ana on Caja 1: a card sale, the float counted exactly.
    await app.rpc('cashiers.signIn', { pin: ANA_PIN });
    await app.rpc('shifts.open', { opening_float: 100_000 });
    await app.rpc('fe.submit', consumerSale(10_000, 'card')); // 11.900,00
    const ana1 = await app.rpc<Shift>('shifts.close', { counts: counts({ bill_100000: 1 }) });
    expect(ana1.difference).toBe('0.00');
    // Beto on Caja 1: a cash sale of 2.975,00 not in the drawer, accepted by the administrator.
    await app.rpc('cashiers.signIn', { pin: BETO_PIN });
    await app.rpc('shifts.open', { opening_float: 50_000 });
    await app.rpc('fe.submit', consumerSale(2_500, 'cash'));
    const beto = await app.rpc<Shift>('shifts.close', { counts: counts({ bill_50000: 1 }), admin_pin: ADMIN_PIN });
    expect(beto).toMatchObject({ expected_cash: '52975.00', difference: '-2975.00' });
    // Ana again, on Caja 2 (another register on the same store: the folder opened under another id), still open.
    await app.core.close();
    saveRegisterId(join(dir.path, 'shop'), 'K7QM2X9B');
    app = open(join(dir.path, 'shop'));
    await app.rpc('cashiers.signIn', { pin: ANA_PIN });
    await app.rpc('shifts.open', { opening_float: 20_000 });
    await app.rpc('fe.submit', consumerSale(1_000, 'cash')); // 1.190,00

    const report = await app.rpc<ShiftsReport>('reports.shifts', { from: today, to: today });
    expect(
      report.shifts.map((s) => [
        s.register_name,
        s.cashier_name,
        s.closed_at === null,
        s.sales_documents,
        s.sales_total,
        s.expected_cash,
        s.counted_cash,
        s.difference,
      ]),
    ).toEqual([
      ['Caja 1', 'Ana', false, 1, '11900.00', '100000.00', '100000.00', '0.00'],
      ['Caja 1', 'Beto', false, 1, '2975.00', '52975.00', '50000.00', '-2975.00'],
      ['Caja 2', 'Ana', true, 1, '1190.00', '21190.00', null, null],
    ]);
    expect(report.shifts[0]!.closed_at).toBe(ana1.closed_at);
    expect(report.by_cashier).toEqual([
      {
        name: 'Ana',
        shifts: 2,
        open: 1,
        sales_documents: 2,
        sales_total: '13090.00',
        expected_cash: '121190.00',
        counted_cash: '100000.00',
        difference: '0.00',
      },
      {
        name: 'Beto',
        shifts: 1,
        open: 0,
        sales_documents: 1,
        sales_total: '2975.00',
        expected_cash: '52975.00',
        counted_cash: '50000.00',
        difference: '-2975.00',
      },
    ]);
    expect(report.by_register).toEqual([
      {
        name: 'Caja 1',
        shifts: 2,
        open: 0,
        sales_documents: 2,
        sales_total: '14875.00',
        expected_cash: '152975.00',
        counted_cash: '150000.00',
        difference: '-2975.00',
      },
      {
        name: 'Caja 2',
        shifts: 1,
        open: 1,
        sales_documents: 1,
        sales_total: '1190.00',
        expected_cash: '21190.00',
        counted_cash: '0.00',
        difference: '0.00',
      },
    ]);
  });

  it('the XLSX export carries the shifts and their totals, amounts as numbers and times as Colombian wall clock', async () => {
    const exported = await app.rpc<{ export_id: string }>('reports.exportXlsx', { from: today, to: today });
    const parts: Buffer[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const chunk: { data: string; next: number | null } = await app.rpc('reports.exportChunk', {
        export_id: exported.export_id,
        offset,
      });
      parts.push(Buffer.from(chunk.data, 'base64'));
      offset = chunk.next;
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const values = (name: string) =>
      workbook
        .getWorksheet(name)!
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1));
    const report = await app.rpc<ShiftsReport>('reports.shifts', { from: today, to: today });
    const wall = (iso: string) => {
      const { date, time } = toColombia(new Date(iso));
      return new Date(`${date}T${time}Z`).getTime();
    };
    expect(
      values('Turnos').map((r) => [
        r[0],
        r[1],
        (r[2] as Date).getTime(),
        r[3] instanceof Date ? r[3].getTime() : r[3],
        ...r.slice(4),
      ]),
    ).toEqual(
      report.shifts.map((s) => [
        s.register_name,
        s.cashier_name,
        wall(s.opened_at),
        s.closed_at === null ? 'abierto' : wall(s.closed_at),
        s.sales_documents,
        Number(s.sales_total),
        Number(s.expected_cash),
        ...(s.counted_cash === null ? [] : [Number(s.counted_cash), Number(s.difference)]),
      ]),
    );
    expect(values('Turnos por cajero')).toEqual([
      ['Ana', 2, 1, 2, 13090, 121190, 100000, 0],
      ['Beto', 1, 0, 1, 2975, 52975, 50000, -2975],
    ]);
    expect(values('Turnos por caja').map((r) => [r[0], r[4], r[7]])).toEqual([
      ['Caja 1', 14875, -2975],
      ['Caja 2', 1190, 0],
    ]);
  });

  it('a period before today has none of them; a period backwards is refused in Spanish', async () => {
    const yesterday = addDays(today, -1);
    expect((await app.rpc<ShiftsReport>('reports.shifts', { from: addDays(today, -30), to: yesterday })).shifts).toEqual([]);
    const refused = await app.fails('reports.shifts', { from: today, to: yesterday });
    expect(refused.code).toBe('invalid_input');
    expect(refused.details?.fields?.[0]?.message).toBe('La fecha inicial no puede ser posterior a la final.');
  });
});
