// The receipt printer's bytes read back as paper: each kind of ticket's text lines equal the
// ticket laid out from the print model (no drift), in the code page chosen (ñ, tildes, «¿¡»),
// the total bold and double size, the QR by GS ( k or as an image, the logo as a raster, the cut.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeTicket } from '#core/print/escpos';
import { paidInCash } from '#core/print/receipt-printer';
import { dayCloseTicket } from '#shared/print/day-close-ticket';
import { buildPrintModel } from '#shared/print/print-model';
import { documentTicket, layOut, testTicket, ticketText, type TicketColumns } from '#shared/print/ticket';
import type { CodePage } from '#shared/rpc/methods/print';
import type { DayClose } from '#shared/rpc/methods/day-close';
import { blackShare, jpegLogo } from '#test/jpeg-logo';
import { decodeEscPos } from '#test/virtual-printer';
import { contingencyDetail, feDetail } from '#test/print-details';

const close: DayClose = {
  date: '2026-11-20',
  from: '2026-11-20T05:00:00Z',
  to: '2026-11-21T05:00:00Z',
  accepted: 3,
  subtotal_cents: 12_000_000,
  taxes_cents: 2_060_000,
  total_cents: 14_060_000,
  by_payment: [
    { form: 'contado', method_id: null, means_code: '10', documents: 2, total_cents: 10_000_000 },
    { form: 'contado', method_id: null, means_code: '48', documents: 1, total_cents: 4_060_000 },
  ],
  taxes: [{ code: '01', name: 'IVA', rate: '19.00', base_cents: 10_000_000, amount_cents: 1_900_000 }],
  pending: [],
  pending_total_cents: 0,
  rejected: [],
  rejected_total_cents: 0,
  unreadable: 0,
};

const tickets = {
  sale: documentTicket(buildPrintModel(feDetail('10'))),
  contingency: documentTicket(buildPrintModel(contingencyDetail())),
  dayClose: dayCloseTicket(close, 'Caja principal', new Date('2026-11-20T23:00:00Z'), []),
  test: testTicket('127.0.0.1:9100', 48, 'PC858', '20/11/2026 06:00 p. m.'),
};

describe('ESC/POS tickets', () => {
  for (const [kind, blocks] of Object.entries(tickets)) {
    for (const [codePage, escT] of [
      ['pc858', 19],
      ['pc850', 2],
      ['wpc1252', 16],
    ] as const) {
      for (const columns of [48, 42, 32] as TicketColumns[]) {
        it(`${kind}, ${codePage}, ${columns} columns: the paper reads as the laid-out ticket, and nothing wider than the paper`, () => {
          const encoded = encodeTicket(blocks, { columns, codePage: codePage as CodePage, nativeQr: true });
          const job = decodeEscPos(encoded.bytes);
          expect(job.codePage).toBe(escT);
          expect(job.lines.map((l) => l.text)).toEqual(ticketText(layOut(blocks, columns)));
          for (const line of job.lines) expect(line.text.length).toBeLessThanOrEqual(line.double ? columns / 2 : columns);
          expect(job.cuts).toBe(1);
          expect(job.drawerPulses).toEqual([]);
          // PC850 lacks the euro sign only; none of these tickets has one.
          expect(encoded.unencodable).toEqual([]);
        });
      }
    }
  }

  it('prints ñ, tildes and «¿¡» as the shop wrote them', () => {
    const job = decodeEscPos(encodeTicket(tickets.sale, { columns: 48, codePage: 'pc858', nativeQr: true }).bytes);
    const text = job.lines.map((l) => l.text).join('\n');
    expect(text).toContain('Panadería Ñandú S.A.S.'.slice(0, 12));
    expect(text).toContain('Pan de año «especial» ¿integral?');
    expect(text).toContain('¡Almuerzo ejecutivo!');
    expect(text).toContain('José Muñoz');
  });

  it('the total is bold and double size, the issuer too; the lines of items are not', () => {
    const job = decodeEscPos(encodeTicket(tickets.sale, { columns: 48, codePage: 'pc858', nativeQr: true }).bytes);
    const total = job.lines.find((l) => l.text.startsWith('Total'));
    expect(total).toMatchObject({ bold: true, double: true });
    expect(total?.text).toMatch(/^Total\s+\$\s140\.600,00$/);
    expect(job.lines.find((l) => l.text.startsWith('Subtotal'))).toMatchObject({ bold: false, double: false });
    expect(job.lines[0]).toMatchObject({ bold: true, double: true, align: 'center' });
  });

  it("the QR goes by the printer's own command with the model's QR text, or as an image for printers without it", () => {
    const model = buildPrintModel(feDetail('10'));
    const native = decodeEscPos(encodeTicket(tickets.sale, { columns: 48, codePage: 'pc858', nativeQr: true }).bytes);
    expect(native.qr).toEqual([model.qrText]);
    expect(native.images).toEqual([]);
    for (const columns of [48, 32] as TicketColumns[]) {
      const image = decodeEscPos(encodeTicket(tickets.sale, { columns, codePage: 'pc858', nativeQr: false }).bytes);
      expect(image.qr).toEqual([]);
      expect(image.images).toHaveLength(1);
      const side = image.images[0]!.height;
      expect(image.images[0]!.widthDots).toBe(Math.ceil(side / 8) * 8);
      expect(side).toBeLessThanOrEqual(columns === 32 ? 384 : 576);
      expect(side).toBeGreaterThan(150);
    }
  });

  it('a contingency sale has no QR (no CUFE yet) and says so', () => {
    const job = decodeEscPos(encodeTicket(tickets.contingency, { columns: 48, codePage: 'pc858', nativeQr: true }).bytes);
    expect(job.qr).toEqual([]);
    expect(job.lines.map((l) => l.text).join(' ')).toContain('Factura de contingencia');
  });

  it('the logo prints as a raster image no wider than half the paper', async () => {
    const png = await QRCode.toBuffer('logo', { width: 400, margin: 0 });
    const withLogo = documentTicket(
      buildPrintModel(
        feDetail('10', { issuer: { ...feDetail().issuer!, logo: `data:image/png;base64,${png.toString('base64')}` } }),
      ),
    );
    const encoded = encodeTicket(withLogo, { columns: 48, codePage: 'pc858', nativeQr: true });
    expect(encoded.logoProblem).toBeNull();
    expect(decodeEscPos(encoded.bytes).images).toEqual([{ widthDots: 160, height: 160 }]);
  });

  it('a JPEG logo prints as a raster image too, dark where the picture is dark, on 80 and 58 mm', () => {
    // Made here: 200 × 100, the left half black and the right half white.
    const jpeg = jpegLogo(200, 100, (x) => (x < 100 ? 0 : 255));
    for (const [columns, width] of [
      [48, 200],
      [32, 192],
    ] as const) {
      const encoded = encodeTicket([{ kind: 'logo', dataUrl: jpeg }], { columns, codePage: 'pc858', nativeQr: true });
      expect(encoded.logoProblem).toBeNull();
      const job = decodeEscPos(encoded.bytes);
      expect(job.images).toEqual([{ widthDots: width, height: width / 2 }]);
      const dots = blackShare(job.images[0]!, job.rasters[0]!);
      expect(dots.left).toBeGreaterThan(0.95);
      expect(dots.right).toBeLessThan(0.05);
    }
  });

  it('a logo that cannot be read is left out, the ticket still prints, and the reason is in Spanish', () => {
    const truncated = jpegLogo(64, 64, () => 0).slice(0, 60);
    for (const [dataUrl, reason] of [
      [truncated, /^el JPEG del logo está dañado/],
      ['data:image/jpeg;base64,/9j/4AAQ', /^el JPEG del logo está dañado/],
      ['data:image/png;base64,iVBORw0KGgo=', /^el PNG del logo está dañado/],
      ['data:image/gif;base64,R0lGODlh', /^el logo no es una imagen PNG ni JPEG/],
    ] as const) {
      const encoded = encodeTicket([{ kind: 'logo', dataUrl }, ...tickets.test], {
        columns: 48,
        codePage: 'pc858',
        nativeQr: true,
      });
      expect(encoded.logoProblem).toMatch(reason);
      const job = decodeEscPos(encoded.bytes);
      expect(job.images).toEqual([]);
      expect(job.lines.map((l) => l.text)).toEqual(ticketText(layOut(tickets.test, 48)));
      expect(job.cuts).toBe(1);
    }
  });

  it('the test ticket says at its head and at its foot that it is a test, never a sale', () => {
    for (const columns of [48, 42, 32] as TicketColumns[]) {
      const job = decodeEscPos(encodeTicket(tickets.test, { columns, codePage: 'pc858', nativeQr: true }).bytes);
      const text = job.lines.map((l) => l.text);
      const marks = text.filter((line, index) => line.startsWith('Documento de prueba') && index < 4);
      expect(marks.length).toBe(1);
      expect(text.join(' ')).toMatch(/Documento de prueba: no es una venta ni una factura$/);
      const head = job.lines.find((l) => l.text.startsWith('Documento de prueba'));
      expect(head).toMatchObject({ bold: true, align: 'center' });
    }
    // A sale's ticket carries no such mark.
    const sale = decodeEscPos(encodeTicket(tickets.sale, { columns: 48, codePage: 'pc858', nativeQr: true }).bytes);
    expect(sale.lines.map((l) => l.text).join(' ')).not.toContain('Documento de prueba');
  });

  it('a character the code page lacks is reported, and printed as «?»', () => {
    const encoded = encodeTicket([{ kind: 'text', text: 'Café 5 € ✓' }], { columns: 48, codePage: 'pc850', nativeQr: true });
    expect(encoded.unencodable.sort()).toEqual(['✓', '€'].sort());
    expect(decodeEscPos(encoded.bytes).lines[0]!.text).toBe('Café 5 ? ?');
  });

  it('the drawer pulse goes before the cut when asked, on pin 2', () => {
    const job = decodeEscPos(encodeTicket(tickets.sale, { columns: 48, codePage: 'pc858', nativeQr: true, drawer: true }).bytes);
    expect(job.drawerPulses).toEqual([{ pin: 0, onMs: 50, offMs: 500 }]);
  });

  it('cash opens the drawer; card, credit and support documents do not', () => {
    expect(paidInCash(buildPrintModel(feDetail('10')), feDetail('10').request)).toBe(true);
    for (const means of ['48', '49', '47'])
      expect(paidInCash(buildPrintModel(feDetail(means)), feDetail(means).request)).toBe(false);
    const credit = { payment: { form: 'credito', means_code: '10' } };
    expect(paidInCash(buildPrintModel(feDetail('10', { request: credit })), credit)).toBe(false);
  });

  it('a split sale opens the drawer when one of its means is cash, whichever means the invoice carries', () => {
    const card = feDetail('48');
    expect(paidInCash(buildPrintModel(card), card.request, [{ means: '48' }, { means: '10' }])).toBe(true);
    const cash = feDetail('10');
    expect(paidInCash(buildPrintModel(cash), cash.request, [{ means: '10' }])).toBe(true);
    expect(paidInCash(buildPrintModel(cash), cash.request, [{ means: '48' }, { means: '49' }])).toBe(false);
  });
});
