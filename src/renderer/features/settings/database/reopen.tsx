// After a change of database the host has closed core and opened the other one, as after a restore:
// the app is mounted again from an empty cache (main.tsx) and Ajustes says once what happened.
import { useEffect, useState } from 'react';
import type { DatabaseStatus, MoveResult } from '#shared/rpc/methods/database';
import type { BecameMain, ShopServerStatus } from '#shared/rpc/methods/shop-server';
import { announceDataReplaced } from '#renderer/shell/data-replaced';
import { Alert } from '#renderer/ui/Alert';
import { countOf } from '#shared/format';

export type DatabaseSwitch =
  | { kind: 'moved'; result: MoveResult }
  | { kind: 'used'; status: DatabaseStatus }
  | { kind: 'local'; status: DatabaseStatus }
  | { kind: 'main'; result: BecameMain }
  | { kind: 'joined'; status: ShopServerStatus };

/** The last switch, read once by the app mounted again on the other database. */
let lastSwitch: DatabaseSwitch | null = null;

/** Every screen reads the other database from scratch; Ajustes then says what changed. */
export function reopenAfter(change: DatabaseSwitch): void {
  lastSwitch = change;
  announceDataReplaced();
}

/** What the last change of database did, once, at the top of Ajustes. */
export function DatabaseSwitchedNotice() {
  const [change] = useState(() => lastSwitch);
  useEffect(() => {
    lastSwitch = null;
  }, []);
  if (!change) return null;
  if (change.kind === 'main')
    return (
      <Alert tone="ok" title="Este equipo es ahora la caja principal">
        {change.result.tables > 0 && (
          <p>
            Se pasaron y comprobaron {countOf(change.result.tables, 'tabla')} con {countOf(change.result.rows, 'fila')}. El
            archivo de este equipo quedó como estaba.
          </p>
        )}
        <p>Las demás cajas se unen con la dirección y el código de Ajustes › Cajas.</p>
      </Alert>
    );
  if (change.kind === 'joined')
    return (
      <Alert tone="ok" title="Esta caja se unió a la caja principal">
        <p>
          Trabaja ahora con los datos del negocio en <code>{change.status.joinedTo}</code>. Los datos que tenía este equipo
          quedaron aquí, sin cambios.
        </p>
      </Alert>
    );
  if (change.kind === 'local')
    return (
      <Alert tone="ok" title="Factura Desk volvió a los datos de este equipo">
        La base de datos del negocio quedó como estaba.
      </Alert>
    );
  const status = change.kind === 'moved' ? change.result.status : change.status;
  return (
    <Alert tone="ok" title="Factura Desk trabaja ahora con la base de datos del negocio">
      {change.kind === 'moved' && (
        <p>
          Se copiaron y comprobaron {countOf(change.result.tables, 'tabla')} con {countOf(change.result.rows, 'fila')}. El archivo
          de este equipo quedó como estaba.
        </p>
      )}
      {status.address && (
        <p>
          Dirección: <code>{status.address}</code>
        </p>
      )}
    </Alert>
  );
}
