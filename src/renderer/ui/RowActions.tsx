/**
 * The last cells of a row of a list that can be edited and switched off (products, customers):
 * its state in words, then "Editar" and "Desactivar"/"Activar", both disabled when the list cannot
 * be changed here (a register without the caja principal, which says why above the list).
 */
export function ActiveRowCells({
  active,
  onEdit,
  onToggle,
  toggling,
  locked = false,
}: {
  active: boolean;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
  locked?: boolean;
}) {
  return (
    <>
      <td>{active ? 'Activo' : 'Inactivo'}</td>
      <td className="catalog-actions">
        <button type="button" className="button button--secondary" disabled={locked} onClick={onEdit}>
          Editar
        </button>
        <button type="button" className="button button--secondary" disabled={locked || toggling} onClick={onToggle}>
          {active ? 'Desactivar' : 'Activar'}
        </button>
      </td>
    </>
  );
}

/** The header of such a list: its columns (amounts right-aligned), then the actions' column, named for screen readers only. */
export function ListHead({ columns }: { columns: readonly (string | { label: string; num: true })[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column}>{column}</th>
          ) : (
            <th key={column.label} className="num">
              {column.label}
            </th>
          ),
        )}
        <th>
          <span className="sr-only">Acciones</span>
        </th>
      </tr>
    </thead>
  );
}
