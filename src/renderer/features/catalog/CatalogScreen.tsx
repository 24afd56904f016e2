// Productos: the company's local catalog. Search from the first keystroke,
// create, edit, deactivate, import with a preview, export. Invoices already issued never change:
// a sale copies a product's values into its line when the line is added.
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { Product } from '#shared/catalog/product';
import { taxRateLabel } from '#shared/dian/tax-rates';
import type { ImportPreview } from '#shared/rpc/methods/catalog';
import { invoke } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Money } from '#renderer/ui/Money';
import { CustomersPanel } from '../customers/CustomersPanel';
import { ImportPanel } from './ImportPanel';
import { ProductForm } from './ProductForm';
import './catalog.css';
import { ActiveRowCells, ListHead } from '#renderer/ui/RowActions';
import { countOf, formatInteger, pluralOf } from '#shared/format';
import { ListToolbar } from '#renderer/ui/ListToolbar';
import { download } from '#renderer/ui/download';
import { useOfflineRefusal } from '#renderer/shell/offline';

type Panel = { kind: 'none' } | { kind: 'form'; product: Product | null } | { kind: 'import' };

function ProductsView({ tabs }: { tabs: ReactNode }) {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [message, setMessage] = useState<string | null>(null);
  const query = useDeferredValue(q);
  const list = useRpcQuery(
    'catalog.search',
    { q: query, include_inactive: showInactive, limit: 200 },
    { placeholderData: (previous) => previous },
  );
  const toggle = useRpcMutation('catalog.setActive', ['catalog.search']);
  // Without the caja principal the catalog is read-only here; exporting still works.
  const locked = useOfflineRefusal('catalog.save');
  const refresh = () => void client.invalidateQueries({ queryKey: ['catalog.search'] });

  const exportCsv = async () => {
    setMessage(null);
    try {
      const file = await invoke('catalog.exportCsv', {});
      download([file.content], file.filename, 'text/csv;charset=utf-8');
      setMessage(`Se exportaron ${countOf(file.rows, 'producto')} a ${file.filename}.`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'No se pudo exportar.');
    }
  };

  const imported = (result: ImportPreview) => {
    setPanel({ kind: 'none' });
    setMessage(
      `Importación terminada: ${countOf(result.create, 'producto nuevo', 'productos nuevos')}, ${countOf(result.update, 'actualizado')}; ${pluralOf(result.errors, 'una fila con errores no se importó', `${countOf(result.errors, 'fila')} con errores no se importaron`)}.`,
    );
    refresh();
  };

  return (
    <section className="screen catalog" aria-labelledby="catalog-title">
      <header className="screen__header">
        <h1 id="catalog-title">Productos</h1>
        <span className="muted">Catálogo de esta empresa, guardado en este equipo</span>
      </header>
      {tabs}
      <ListToolbar
        label="Buscar producto"
        placeholder="Código, código de barras o palabras de la descripción"
        query={q}
        onQuery={setQ}
        showInactive={showInactive}
        onShowInactive={setShowInactive}
        message={message}
        messageTestId="catalog-message"
        offlineNote={locked}
      >
        <button
          type="button"
          className="button"
          disabled={locked !== null}
          onClick={() => setPanel({ kind: 'form', product: null })}
        >
          Nuevo producto
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={locked !== null}
          onClick={() => setPanel({ kind: 'import' })}
        >
          Importar
        </button>
        <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
          Exportar CSV
        </button>
      </ListToolbar>
      {panel.kind === 'form' && locked === null && (
        <ProductForm
          key={panel.product?.id ?? 'new'}
          product={panel.product}
          onCancel={() => setPanel({ kind: 'none' })}
          onSaved={(saved) => {
            setPanel({ kind: 'none' });
            setMessage(`Producto ${saved.code} guardado.`);
            refresh();
          }}
        />
      )}
      {panel.kind === 'import' && locked === null && <ImportPanel onDone={imported} onClose={() => setPanel({ kind: 'none' })} />}
      {list.isError && <Alert tone={list.error.code === 'no_connection' ? 'warn' : 'error'}>{list.error.message}</Alert>}
      {toggle.isError && <Alert tone="error">{toggle.error.message}</Alert>}
      {list.data && (
        <>
          <p className="muted" role="status">
            {list.data.total === 0
              ? q.trim()
                ? 'Ningún producto coincide con la búsqueda.'
                : locked === null
                  ? 'El catálogo está vacío: cree un producto o importe una lista.'
                  : 'El catálogo está vacío. Sin la caja principal no se crean productos: créelos o impórtelos cuando vuelva la conexión.'
              : list.data.total_capped
                ? `Más de ${formatInteger(list.data.total)} productos coinciden; se muestran los primeros ${list.data.items.length}. Escriba más palabras para acotar.`
                : `${countOf(list.data.total, 'producto')}${list.data.total > list.data.items.length ? `; se muestran los primeros ${list.data.items.length}` : ''}`}
          </p>
          {list.data.items.length > 0 && (
            <table className="data catalog-table">
              <ListHead
                columns={[
                  'Código',
                  'Descripción',
                  'Códigos de barras',
                  { label: 'Precio', num: true },
                  'Impuesto',
                  'Unidad',
                  'Estado',
                ]}
              />
              <tbody>
                {list.data.items.map((p) => (
                  <tr key={p.id} data-testid="catalog-row" className={p.active ? undefined : 'catalog-row--inactive'}>
                    <td>{p.code}</td>
                    <td>{p.description}</td>
                    <td className="catalog-barcodes">{p.barcodes.join(' ') || '—'}</td>
                    <td className="num">
                      <Money value={p.unit_price} />
                      {p.price_includes_tax && <div className="muted">con impuesto</div>}
                    </td>
                    <td>{taxRateLabel(p.tax_rate)}</td>
                    <td>{p.unit}</td>
                    <ActiveRowCells
                      active={p.active}
                      onEdit={() => setPanel({ kind: 'form', product: p })}
                      onToggle={() => toggle.mutate({ id: p.id, active: !p.active })}
                      toggling={toggle.isPending}
                      locked={locked !== null}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

const TABS = [
  ['products', 'Productos'],
  ['customers', 'Clientes'],
] as const;

/** Productos and Clientes: the company's local lists, one tab each. */
export default function CatalogScreen() {
  const [tab, setTab] = useState<'products' | 'customers'>('products');
  const tabs = (
    <div className="catalog-tabs" role="tablist" aria-label="Listas de la empresa">
      {TABS.map(([id, label]) => (
        <button key={id} type="button" role="tab" aria-selected={tab === id} className="catalog-tab" onClick={() => setTab(id)}>
          {label}
        </button>
      ))}
    </div>
  );
  if (tab === 'products') return <ProductsView tabs={tabs} />;
  return (
    <section className="screen catalog" aria-labelledby="customers-title">
      <header className="screen__header">
        <h1 id="customers-title">Clientes</h1>
        <span className="muted">Clientes guardados de esta empresa, en este equipo</span>
      </header>
      {tabs}
      <CustomersPanel />
    </section>
  );
}
