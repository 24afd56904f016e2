// The bar above a local list (Productos, Clientes): a search as one types, "Mostrar inactivos" and
// the list's own buttons; below it, the status line of the last action.
import type { ReactNode } from 'react';

export function ListToolbar({
  label,
  placeholder,
  query,
  onQuery,
  showInactive,
  onShowInactive,
  message,
  messageTestId,
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
      {message && (
        <p role="status" className="catalog-message" data-testid={messageTestId}>
          {message}
        </p>
      )}
    </>
  );
}
