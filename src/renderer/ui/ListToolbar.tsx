// The bar above a local list (Productos, Clientes): a search as one types, "Mostrar inactivos" and
// the list's own buttons; below it, why those buttons are disabled (a register without the caja
// principal) and the status line of the last action.
import type { ReactNode } from 'react';
import { OfflineNote } from './OfflineNote';

export function ListToolbar({
  label,
  placeholder,
  query,
  onQuery,
  showInactive,
  onShowInactive,
  message,
  messageTestId,
  offlineNote = null,
  children,
}: {
  label: string;
  placeholder: string;
  query: string;
  onQuery: (q: string) => void;
  showInactive: boolean;
  onShowInactive: (show: boolean) => void;
  message: string | null;
  messageTestId: string;
  /** why the list's edits are disabled: useOfflineRefusal's sentence */
  offlineNote?: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <div className="catalog-toolbar">
        <label className="field catalog-toolbar__search">
          <span>{label}</span>
          <input
            type="search"
            value={query}
            onChange={(e) => onQuery(e.target.value)}
            placeholder={placeholder}
            autoComplete="off"
          />
        </label>
        <label className="catalog-toolbar__check">
          <input type="checkbox" checked={showInactive} onChange={(e) => onShowInactive(e.target.checked)} /> Mostrar inactivos
        </label>
        {children}
      </div>
      <OfflineNote note={offlineNote} />
      {message && (
        <p role="status" className="catalog-message" data-testid={messageTestId}>
          {message}
        </p>
      )}
    </>
  );
}
