import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { formatDate } from '#shared/dates';
import type { HistoryFilter, HistoryRow } from '#shared/rpc/methods/history';
import { Alert } from '#renderer/ui/Alert';
import { Money } from '#renderer/ui/Money';
import { kindLabel } from './labels';
import { FollowingMarker, StateBadge } from './StateBadge';
import { pagesFor, useHistoryFirstPage, useHistoryPages } from './useHistoryPages';

const ROW_HEIGHT = 44;

/** The virtualised list: only the visible rows are in the page, fetched page by page. */
export function HistoryList({ filter }: { filter: HistoryFilter }) {
  const scroller = useRef<HTMLDivElement>(null);
  const first = useHistoryFirstPage(filter);
  // No React Compiler here: the virtualizer's functions change on scroll and must not be memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: first.data?.total ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const pages = pagesFor(items[0]?.index ?? 0, items.at(-1)?.index ?? 0);
  const data = useHistoryPages(filter, pages);
  const total = first.data?.total ?? null;
  const error = first.error ?? data.error;

  return (
    <div className="history-list">
      <div className="history-list__summary" role="status">
        {total === null
          ? first.isLoading
            ? 'Buscando…'
            : ''
          : total === 0
            ? 'Ningún documento coincide con la búsqueda y los filtros.'
            : `${total.toLocaleString('es-CO')} documento${total === 1 ? '' : 's'}, del más reciente al más antiguo`}
      </div>
      {error && (
        <Alert tone="error" title="No se pudo leer el historial local">
          {error.message}
        </Alert>
      )}
      <div className="history-row history-row--head" aria-hidden="true">
        <span>Tipo</span>
        <span>Número</span>
        <span>Fecha</span>
        <span>Cliente / proveedor</span>
        <span className="history-row__total">Total</span>
        <span>Estado</span>
      </div>
      <div ref={scroller} className="history-list__scroller" data-testid="history-scroller">
        <ul className="history-list__rows" style={{ height: virtualizer.getTotalSize() }} aria-label="Documentos emitidos">
          {items.map((item) => {
            const row = data.row(item.index);
            return (
              <li
                key={item.key}
                className="history-list__item"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                aria-setsize={total ?? undefined}
                aria-posinset={item.index + 1}
              >
                {row ? <Row row={row} /> : <span className="history-row history-row--loading muted">Cargando…</span>}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function Row({ row }: { row: HistoryRow }) {
  return (
    <a className="history-row" href={`#/historial/${row.id}`} data-testid="history-row">
      <span className={`history-kind history-kind--${row.kind.toLowerCase()}`} title={kindLabel(row.kind)}>
        {row.kind}
      </span>
      <span className="history-row__number">{row.number || <span className="muted">sin número</span>}</span>
      <span>{formatDate(row.issue_date)}</span>
      <span className="history-row__counterpart" title={`${row.counterpart_name} · ${row.counterpart_doc}`}>
        {row.counterpart_name}
        <span className="muted"> · {row.counterpart_doc}</span>
      </span>
      <span className="history-row__total">
        <Money value={row.total} currency={row.moneda === 'USD' ? 'USD' : 'COP'} />
      </span>
      <span className="history-row__state">
        <StateBadge estado={row.estado_dian} />
        {row.following && <FollowingMarker />}
      </span>
    </a>
  );
}
