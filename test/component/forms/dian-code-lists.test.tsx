// The FE and DSE forms offer DIAN's code lists from their one table (src/shared/dian), in one
// wording: the same identification types in both, the tax rates of a line, the supplier's
// responsibilities and tax schemes, the payment means a DSE may send.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOptionLabel } from '#shared/dian/code-list';
import { FISCAL_RESPONSIBILITIES } from '#shared/dian/fiscal-responsibilities';
import { IDENTIFICATION_TYPES } from '#shared/dian/identification-types';
import { DSE_PAYMENT_MEANS } from '#shared/dian/payment-means';
import { TAX_RATES } from '#shared/dian/tax-rates';
import { TAX_SCHEMES } from '#shared/dian/tax-schemes';
import { installFakeBridge } from '#test/component/fake-bridge';
import { CASH } from '#test/component/fixtures';
import { renderWithQueries } from '#test/component/render';

installFakeBridge({
  'drafts.get': () => null,
  'drafts.save': (input) => ({ ...input, updated_at: '2026-11-20T15:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
  'fe.paymentMethods': () => [CASH],
  'fe.terceros': () => [],
  'fe.withholdingTypes': () => [],
  'dseCatalog.costCenters': () => [],
  'dseCatalog.suppliers': () => [],
  'submissions.list': () => [],
});

let InvoicesScreen: typeof import('#renderer/features/invoices/InvoicesScreen').default;
let SupportDocumentsScreen: typeof import('#renderer/features/support-documents/SupportDocumentsScreen').default;

beforeAll(async () => {
  InvoicesScreen = (await import('#renderer/features/invoices/InvoicesScreen')).default;
  SupportDocumentsScreen = (await import('#renderer/features/support-documents/SupportDocumentsScreen')).default;
});
afterEach(cleanup);

/** The options of a select or a datalist as the user reads them: value and text. */
function optionsOf(list: HTMLElement): { value: string; text: string }[] {
  return [...list.querySelectorAll('option')].map((o) => ({ value: o.value, text: o.label || o.textContent || '' }));
}

const asOptions = (list: readonly { code: string; name: string }[]) =>
  list.map((e) => ({ value: e.code, text: codeOptionLabel(e) }));

describe('DIAN code lists in the forms', () => {
  it('Facturas: the receiver’s identification types and each line’s tax rates are the tables', async () => {
    window.location.hash = '#/facturas';
    renderWithQueries(<InvoicesScreen />);
    const emit = await screen.findByRole('button', { name: 'Emitir factura' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    expect(optionsOf(screen.getByLabelText('Tipo de documento'))).toEqual(asOptions(IDENTIFICATION_TYPES));
    expect(optionsOf(screen.getByLabelText('Impuesto, línea 1'))).toEqual(
      TAX_RATES.map((r) => ({ value: r.rate, text: r.label })),
    );
  });

  it('Documentos soporte: the supplier’s identification types are the same as the invoice’s, and its other lists are the tables', async () => {
    window.location.hash = '#/documentos-soporte';
    renderWithQueries(<SupportDocumentsScreen />);
    await screen.findByRole('button', { name: 'Emitir documento soporte' });
    expect(optionsOf(screen.getByLabelText('Tipo de identificación'))).toEqual(asOptions(IDENTIFICATION_TYPES));
    expect(optionsOf(screen.getByLabelText('Régimen'))).toEqual(asOptions(FISCAL_RESPONSIBILITIES));
    expect(optionsOf(screen.getByLabelText('Esquema tributario'))).toEqual(asOptions(TAX_SCHEMES));
    const means = document.getElementById('dse-payment-means')!;
    expect(optionsOf(means)).toEqual(asOptions(DSE_PAYMENT_MEANS));
  });
});
