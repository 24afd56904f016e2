// Documentos soporte: the DSE form (per operation or weekly accumulated) and the Pendientes view
// (sub-route #/documentos-soporte/pendientes).
import { useRpcQuery } from '#renderer/rpc/hooks';
import { useHashRoute } from '#renderer/shell/useHashRoute';
import { Alert } from '#renderer/ui/Alert';
import { DseForm } from './DseForm';
import { PendingView } from './parts/PendingView';
import { useDseDraft } from './useDseDraft';
import './support-documents.css';

const BASE = '/documentos-soporte';

function Editor() {
  const { load, saveLater, saveNow, discard, replace, saveError } = useDseDraft();
  if (load.status === 'loading') return <p className="muted">Abriendo el borrador…</p>;
  if (load.status === 'error')
    return (
      <Alert
        tone={load.noConnection ? 'warn' : 'error'}
        title={load.noConnection ? 'Sin conexión configurada' : 'No se pudo abrir el formulario'}
      >
        {load.message} {load.noConnection && <a href="#/ajustes">Ir a Ajustes</a>}
      </Alert>
    );
  return (
    <>
      {saveError && <Alert tone="error">{saveError}</Alert>}
      <DseForm
        key={load.draft.key}
        draft={load.draft}
        saveLater={saveLater}
        saveNow={saveNow}
        discard={discard}
        onCorrected={replace}
      />
    </>
  );
}

export default function SupportDocumentsScreen() {
  const path = useHashRoute();
  const pendingTab = path === `${BASE}/pendientes`;
  const open = useRpcQuery('submissions.list', { open: true, limit: 500 });
  const pendingCount = open.data?.filter((s) => s.kind === 'DSE').length ?? 0;
  return (
    <div className="dse-screen">
      <header className="screen__header">
        <h1>Documentos soporte</h1>
        <nav className="dse-tabs" aria-label="Documentos soporte">
          <a href={`#${BASE}`} aria-current={pendingTab ? undefined : 'page'}>
            Nuevo documento
          </a>
          <a href={`#${BASE}/pendientes`} aria-current={pendingTab ? 'page' : undefined}>
            {`Pendientes${pendingCount ? ` (${pendingCount})` : ''}`}
          </a>
        </nav>
      </header>
      {pendingTab ? <PendingView /> : <Editor />}
    </div>
  );
}
