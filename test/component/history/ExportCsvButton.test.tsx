// The Historial's CSV export against a fake bridge answering in chunks: it asks for each next chunk
// with the previous one's cursor, shows how far it is, saves one file made of all the chunks (the
// same bytes, one BOM), stops asking when cancelled, and shows core's message when a chunk fails.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryCsvChunk } from '#shared/rpc/methods/history';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';

const HEADER = '\uFEFFTipo;Número\r\n';
const CHUNKS: HistoryCsvChunk[] = [
  {
    filename: 'historial-2026-11-20.csv',
    chunk: `${HEADER}FE;SETP3\r\n`,
    rows: 2_000,
    total: 5_000,
    next: { issue_date: '2026-11-20', id: 30 },
  },
  {
    filename: 'historial-2026-11-20.csv',
    chunk: 'DSE;DS2 «Peña»\r\n',
    rows: 2_000,
    total: null,
    next: { issue_date: '2026-11-19', id: 20 },
  },
  { filename: 'historial-2026-11-20.csv', chunk: 'FE;SETP1\r\n', rows: 1_000, total: null, next: null },
];

/** Each answer waits until the test lets it go, so the screen can be looked at between chunks. */
/** How long the export is watched asking for nothing more after it was cancelled. */
const NO_MORE_CHUNKS_WATCH_MS = 20;
let pending: { release: () => void }[] = [];
let failOn: number | null = null;

const fake = installFakeBridge({
  'history.exportCsv': () => {
    const index = fake.callsTo('history.exportCsv').length - 1;
    return new Promise<HistoryCsvChunk>((resolve, reject) => {
      pending.push({
        release: () =>
          index === failOn ? reject(rpcError('internal', 'La base de datos local no respondió.')) : resolve(CHUNKS[index]!),
      });
    });
  },
});
const calls = () => fake.inputsOf('history.exportCsv');

async function releaseNext() {
  await waitFor(() => expect(pending.length).toBeGreaterThan(0));
  pending.shift()!.release();
}

let ExportCsvButton: typeof import('#renderer/features/history/ExportCsvButton').ExportCsvButton;
let saved: { blob: Blob; filename: string }[] = [];

beforeAll(async () => {
  ExportCsvButton = (await import('#renderer/features/history/ExportCsvButton')).ExportCsvButton;
});

beforeEach(() => {
  pending = [];
  failOn = null;
  saved = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: lastBlob!, filename: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('CSV export button', () => {
  it('asks chunk after chunk with the cursor, shows progress and saves one file of all of them', async () => {
    const user = userEvent.setup();
    render(<ExportCsvButton filter={{ kind: 'FE' }} />);
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(screen.getByRole('button', { name: 'Exportando…' })).toHaveProperty('disabled', true);
    await releaseNext();
    expect(await screen.findByText('Exportando… 2.000 de 5.000')).toBeTruthy();
    await releaseNext();
    expect(await screen.findByText('Exportando… 4.000 de 5.000')).toBeTruthy();
    await releaseNext();
    expect(await screen.findByText('CSV con 5.000 documentos (historial-2026-11-20.csv).')).toBeTruthy();

    expect(calls()).toEqual([
      { filter: { kind: 'FE' } },
      { filter: { kind: 'FE' }, after: CHUNKS[0]!.next },
      { filter: { kind: 'FE' }, after: CHUNKS[1]!.next },
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('historial-2026-11-20.csv');
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const expected = new TextEncoder().encode(CHUNKS.map((chunk) => chunk.chunk).join(''));
    const bytes = await bytesOf(saved[0]!.blob);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...bytes]).toEqual([...expected]);
  });

  it('stops asking for chunks when cancelled and saves nothing', async () => {
    const user = userEvent.setup();
    render(<ExportCsvButton filter={{}} />);
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await releaseNext();
    await screen.findByText('Exportando… 2.000 de 5.000');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('Exportación cancelada.')).toBeTruthy();
    await releaseNext(); // the chunk already asked for arrives after the cancel
    // The behaviour under test is that nothing happens: no further chunk is asked for within this
    // watch (an export that went on would ask at once).
    await new Promise((resolve) => setTimeout(resolve, NO_MORE_CHUNKS_WATCH_MS));
    expect(calls()).toHaveLength(2);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveProperty('disabled', false);
  });

  it('shows core’s message when a chunk fails, and saves nothing', async () => {
    failOn = 1;
    const user = userEvent.setup();
    render(<ExportCsvButton filter={{}} />);
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await releaseNext();
    await releaseNext();
    expect(await screen.findByText('No se pudo exportar')).toBeTruthy();
    expect(screen.getByText(/La base de datos local no respondió\. Revise los filtros e intente de nuevo\./)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
