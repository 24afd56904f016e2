// Facturas: the shop owner's counter screen. Opens the saved draft (or a new invoice), and after
// "Emitir factura" shows what happened to it.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Draft } from '#shared/rpc/methods/drafts';
import type { RpcClientError } from '#renderer/rpc/client';
import { rpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { InvoiceSession } from './InvoiceSession';
import { readDraft, releaseStartDraft, takeStartDraft } from './start-reads';
import { usePrefetchInvoiceCatalogs, useToday } from './useInvoiceData';
import './invoices.css';
import { IssuerWarnings } from '../settings/IssuerWarnings';

export default function InvoicesScreen() {
  const today = useToday();
  // Read fresh each time the screen opens (nothing kept: gcTime 0); the first time, the read made at
  // start (prefetch.ts): its answer as the initial data when it has arrived, else its promise.
  const draft = useQuery<Draft | null, RpcClientError>({
    queryKey: rpcQuery('drafts.get', { kind: 'FE' }).queryKey,
    queryFn: readDraft,
    initialData: takeStartDraft,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // After the query's own effects: it is subscribed to, and the start read has served its open.
  useEffect(releaseStartDraft, []);
  // The form's catalogs are asked for with the draft, not after it (the form reads the same queries).
  usePrefetchInvoiceCatalogs();
  return (
    <section className="screen invoices-screen" aria-labelledby="invoices-title">
      <header className="screen__header">
        <h1 id="invoices-title">Facturas</h1>
        <span className="muted">Factura electrónica de venta</span>
      </header>
      <IssuerWarnings link />
      {draft.isPending && <p className="muted">Cargando…</p>}
      {draft.isError &&
        (draft.error.code === 'no_connection' ? (
          <Alert tone="warn" title="No hay una conexión en uso">
            Para emitir facturas, cree o active una conexión en <a href="#/ajustes">Ajustes</a>.
          </Alert>
        ) : (
          <Alert tone="error">{draft.error.message}</Alert>
        ))}
      {draft.isSuccess && <InvoiceSession draft={draft.data} today={today} />}
    </section>
  );
}
