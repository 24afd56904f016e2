// Ajustes › Base de datos del negocio: where the shop's data is, and the change to the shop's
// PostgreSQL or back to this computer's file. An administrator's (core refuses it to a cajero too).
import { useCashier } from '#renderer/features/cashiers/useCashier';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { BackToLocal } from './BackToLocal';
import { DatabaseForm } from './DatabaseForm';
import { DatabaseWhere } from './DatabaseWhere';
import './database.css';

export function DatabasePanel() {
  const { mayAdminister } = useCashier();
  return mayAdminister ? <DatabaseSettings /> : null;
}

function DatabaseSettings() {
  const status = useRpcQuery('database.status', {});
  const data = status.data;
  const fixed = data && (data.chosenBy === 'argument' || data.chosenBy === 'environment');
  return (
    <section className="panel database-panel" aria-labelledby="database-title">
      <h2 id="database-title">Base de datos del negocio</h2>
      {status.isError && <Alert tone="error">{status.error.message}</Alert>}
      {!data && status.isPending && <p className="muted">Cargando…</p>}
      {data && <DatabaseWhere status={data} />}
      {data && !fixed && (data.engine === 'sqlite' ? <DatabaseForm /> : <BackToLocal />)}
    </section>
  );
}
