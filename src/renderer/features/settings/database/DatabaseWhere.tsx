import type { DatabaseStatus } from '#shared/rpc/methods/database';
import { Alert } from '#renderer/ui/Alert';

/** Where the data is, how that was chosen, and whether the keychain holds the password. */
export function DatabaseWhere({ status }: { status: DatabaseStatus }) {
  return (
    <div className="database-where">
      {status.engine === 'sqlite' ? (
        <p>
          <strong>Los datos están en este equipo</strong>, en la carpeta <code>{status.dataFolder}</code>.
        </p>
      ) : (
        <>
          <p>
            <strong>Los datos están en la base de datos del negocio</strong>: <code>{status.address}</code>
          </p>
          <p>
            {status.passwordKept
              ? 'Su contraseña está guardada en el llavero del sistema de este equipo.'
              : 'El llavero del sistema de este equipo no guarda una contraseña para ella.'}
          </p>
        </>
      )}
      <ChosenBy status={status} />
    </div>
  );
}

function ChosenBy({ status }: { status: DatabaseStatus }) {
  const where = status.engine === 'sqlite' ? 'los datos de este equipo' : 'esta base de datos';
  switch (status.chosenBy) {
    case 'argument':
      return (
        <Alert tone="warn">
          Factura Desk se abrió con la opción <code>--database</code>, que fija {where}. Ese ajuste está fijo allí y no se puede
          cambiar desde aquí: para cambiarlo, abra Factura Desk sin esa opción o con otra dirección.
        </Alert>
      );
    case 'environment':
      return (
        <Alert tone="warn">
          La variable <code>FACTURA_DESK_DATABASE</code> de este equipo fija {where}. Ese ajuste está fijo allí y no se puede
          cambiar desde aquí: para cambiarlo, cambie o quite esa variable.
        </Alert>
      );
    case 'saved':
      return <p className="muted">Se eligió aquí, en Ajustes.</p>;
    case 'default':
      return null;
  }
}
