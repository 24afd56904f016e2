// Ajustes › Cajas: several registers, one shop. The caja principal shows where the others reach it
// and the join code (to an administrator: it carries the database's password); another register
// joins it by typing both, or this one becomes it. Changes are an administrator's (core refuses
// them to a cajero too); joining and becoming it re-open the app on the shop's database.
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { JoinInput, type ShopServerStatus } from '#shared/rpc/methods/shop-server';
import { useCashier } from '#renderer/features/cashiers/useCashier';
import { placeServerErrors, userSentence } from '#renderer/forms/server-fields';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { RpcClientError } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { copyText } from '#renderer/ui/copy';
import { Field } from '#renderer/ui/Field';
import { ConfirmDialog } from './database/ConfirmDialog';
import './database/database.css';
import { reopenAfter } from './database/reopen';
import { RegisterNames } from './RegisterNames';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

export function RegistersPanel() {
  const status = useRpcQuery('shopServer.status', {});
  const { mayAdminister } = useCashier();
  const data = status.data;
  return (
    <section className="panel registers-panel" aria-labelledby="registers-title">
      <h2 id="registers-title">Cajas</h2>
      {status.isError && <Alert tone="error">{status.error.message}</Alert>}
      {!data && status.isPending && <p className="muted">Cargando…</p>}
      {data?.role === 'main' && <MainRegister status={data} mayAdminister={mayAdminister} />}
      {data?.role === 'joined' && (
        <p>
          Esta caja está unida a la caja principal en <code>{data.joinedTo}</code>: vende con los productos, clientes e historial
          del negocio.
        </p>
      )}
      {data?.role === 'none' &&
        (mayAdminister ? (
          <>
            <BecomeMain />
            <JoinForm />
          </>
        ) : (
          <p className="muted">Esta caja trabaja sola. Un administrador puede unirla a la caja principal del negocio.</p>
        ))}
      <RegisterNames />
    </section>
  );
}

function MainRegister({ status, mayAdminister }: { status: ShopServerStatus; mayAdminister: boolean }) {
  const start = useRpcMutation('shopServer.start', ['shopServer.status']);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="registers-main">
      <p>
        Este equipo es la <strong>caja principal</strong>: guarda los datos del negocio y las demás cajas trabajan sobre ellos.
      </p>
      {status.running ? (
        <Alert tone="ok" title="La caja principal está en marcha">
          Las demás cajas pueden conectarse.
        </Alert>
      ) : (
        <Alert tone="warn" title="La caja principal está detenida">
          <p>Ninguna caja puede usar los datos del negocio hasta que se inicie.</p>
          {mayAdminister && (
            <button className="button" type="button" disabled={start.isPending} onClick={() => start.mutate({})}>
              {start.isPending ? 'Iniciando…' : 'Iniciar la caja principal'}
            </button>
          )}
          {start.isError && <p role="alert">{start.error.message}</p>}
        </Alert>
      )}
      <h3>Dirección para las demás cajas</h3>
      <ul className="registers-addresses" aria-label="Direcciones de la caja principal">
        {status.addresses.map((address) => (
          <li key={address}>
            <code>{address}</code>
          </li>
        ))}
      </ul>
      <h3>Código para unirse</h3>
      {status.joinCode ? (
        <>
          <p className="registers-code">
            <code aria-label="Código para unirse">{status.joinCode}</code>{' '}
            <button
              className="button button--secondary"
              type="button"
              onClick={() => void copyText(status.joinCode ?? '').then(setCopied)}
            >
              Copiar
            </button>
          </p>
          {copied === true && <p className="muted">Código copiado.</p>}
          {copied === false && <p className="muted">No se pudo copiar: escríbalo a mano.</p>}
          <p className="muted">
            En la otra caja: Ajustes › Cajas › Unirse a una caja principal, con una de las direcciones y este código. Quien tiene
            el código puede entrar a los datos del negocio: muéstrelo solo a quien instala las cajas.
          </p>
        </>
      ) : (
        <p className="muted">Solo un administrador ve el código para unirse.</p>
      )}
    </div>
  );
}

function BecomeMain() {
  const become = useRpcMutation('shopServer.becomeMain');
  const offline = useOfflineRefusal('shopServer.becomeMain');
  const [asking, setAsking] = useState(false);
  return (
    <div className="registers-become">
      <h3>Hacer de este equipo la caja principal</h3>
      <p className="muted">
        Este equipo guardará los datos del negocio en su propio servidor, y las demás cajas se unirán a él. Los datos de esta caja
        pasan allí y se comprueban antes de usarlos. Debe quedar encendido mientras las demás cajas venden.
      </p>
      <OfflineNote note={offline} />
      {!asking && (
        <button className="button button--secondary" type="button" disabled={offline !== null} onClick={() => setAsking(true)}>
          Hacer de este equipo la caja principal
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="¿Hacer de este equipo la caja principal?"
          confirm="Sí, hacerla caja principal"
          pending="Preparando la caja principal…"
          isPending={become.isPending}
          error={become.isError ? become.error.message : null}
          onConfirm={() => become.mutate({ confirm: true }, { onSuccess: (result) => reopenAfter({ kind: 'main', result }) })}
          onCancel={() => setAsking(false)}
        >
          <p>
            Se prepara el servidor del negocio en este equipo y se le pasan los datos de esta caja. Factura Desk se abrirá de
            nuevo sobre él.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

type JoinValues = { address: string; code: string };

function JoinForm() {
  const form = useSchemaForm<JoinValues, JoinValues>(JoinInput, { defaultValues: { address: '', code: '' } });
  const { errors } = form.formState;
  const join = useRpcMutation('shopServer.join');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    join.mutate(values, {
      onSuccess: (status) => reopenAfter({ kind: 'joined', status }),
      onError: (error) => setRefusal(placeJoinError(error, form.setError)),
    });
  });
  return (
    <form className="registers-join" noValidate aria-label="Unirse a una caja principal" onSubmit={(event) => void submit(event)}>
      <h3>Unirse a una caja principal</h3>
      <p className="muted">Escriba lo que muestra la caja principal en Ajustes › Cajas. No hace falta ninguna contraseña.</p>
      <div className="database-fields">
        <Field label="Dirección de la caja principal" error={errors.address?.message} hint="Por ejemplo 192.168.1.20:5433.">
          <input type="text" autoComplete="off" spellCheck={false} {...form.register('address')} />
        </Field>
        <Field
          label="Código para unirse"
          error={errors.code?.message}
          hint="Los nueve grupos que muestra la caja principal («K7Q2M-…»); da igual si lo escribe en minúsculas o sin guiones."
        >
          <input type="text" autoComplete="off" spellCheck={false} {...form.register('code')} />
        </Field>
      </div>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <div className="database-actions">
        <button className="button" type="submit" disabled={join.isPending}>
          {join.isPending ? 'Uniéndose…' : 'Unirse'}
        </button>
      </div>
    </form>
  );
}

/** The host's refusal: the fields it names marked on the form, its message shown whole; nothing typed is cleared. */
function placeJoinError(error: unknown, setError: UseFormSetError<JoinValues>): string {
  if (!(error instanceof RpcClientError)) return 'No se pudo unir esta caja. Vuelva a intentarlo.';
  const named = (error.details?.fields ?? []).map((issue) => ({ path: issue.path, code: error.code, message: issue.message }));
  const placed = placeServerErrors(named, (path) => (path === 'address' || path === 'code' ? path : null));
  for (const [path, message] of placed.fields) setError(path as keyof JoinValues, { message });
  return userSentence(error.message);
}
