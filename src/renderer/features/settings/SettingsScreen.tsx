import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { BackupPanel } from './BackupPanel';
import { ContingencyPanel } from './ContingencyPanel';
import { DatabasePanel } from './database/DatabasePanel';
import { DatabaseSwitchedNotice } from './database/reopen';
import { EmbeddedSandboxPanel } from './EmbeddedSandboxPanel';
import { IssuerProfilePanel } from './IssuerProfilePanel';
import { PrintSettingsPanel } from './PrintSettingsPanel';
import { ConnectionCard } from './ConnectionCard';
import { NewConnectionForm } from './NewConnectionForm';
import { RegistersPanel } from './RegistersPanel';
import { RestoredNotice } from './RestorePanel';
import './settings.css';

/** Ajustes: the connections to the e-invoicing API (URL, company, token in the keychain), where the data is, and backups. */
export default function SettingsScreen() {
  const client = useQueryClient();
  const connections = useRpcQuery('connections.list', {});
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ['connections.list'] }), [client]);

  return (
    <section className="screen" aria-labelledby="settings-title">
      <header className="screen__header">
        <h1 id="settings-title">Ajustes</h1>
      </header>
      <RestoredNotice />
      <DatabaseSwitchedNotice />
      <h2>Conexiones</h2>
      <p className="muted">Los documentos se envían con la conexión en uso. Una conexión de pruebas no envía nada a la DIAN.</p>
      {connections.isError && <Alert tone="error">{connections.error.message}</Alert>}
      {connections.data?.length === 0 && (
        <Alert tone="warn">No hay conexiones. Cree una con los datos que le dio su proveedor.</Alert>
      )}
      <div className="connection-list">
        {connections.data?.map((connection) => (
          <ConnectionCard key={connection.id} connection={connection} onChanged={refresh} />
        ))}
      </div>
      <NewConnectionForm onSaved={refresh} />
      {connections.data?.some((connection) => connection.active) && (
        <>
          <IssuerProfilePanel />
          <PrintSettingsPanel />
        </>
      )}
      <ContingencyPanel />
      {connections.data?.some((connection) => connection.embedded) && <EmbeddedSandboxPanel />}
      <RegistersPanel />
      <DatabasePanel />
      <BackupPanel />
    </section>
  );
}
