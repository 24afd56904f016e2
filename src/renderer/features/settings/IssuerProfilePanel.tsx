import { useState, type ChangeEvent } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { type IssuerProfile, LOGO_MAX_BYTES, type NumberingResolution, YEARLY_PLANS } from '#shared/rpc/methods/history';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { RpcClientError } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { OfflineLock } from '#renderer/shell/OfflineLock';
import { IssuerWarnings } from './IssuerWarnings';
import { checkDigitOf, IssuerForm, type IssuerFormValues, type ResolutionText } from './schema';

const PLAN_LABELS: Record<IssuerProfile['plan'], string> = {
  '50': '50 documentos al año',
  '100': '100 documentos al año',
  '500': '500 documentos al año',
  ilimitado: 'Ilimitado',
};

function resolutionText(resolution: NumberingResolution | null): ResolutionText {
  return {
    numero: resolution?.numero ?? '',
    desde: resolution?.desde ?? '',
    hasta: resolution?.hasta ?? '',
    prefijo: resolution?.prefijo ?? '',
    rango_desde: resolution ? String(resolution.rango_desde) : '',
    rango_hasta: resolution ? String(resolution.rango_hasta) : '',
  };
}

/** What the controls hold for a stored profile (or none yet). */
function toValues(profile: IssuerProfile | null): IssuerFormValues {
  return {
    nombre: profile?.nombre ?? '',
    nit: profile?.nit ?? '',
    direccion: profile?.direccion ?? '',
    ciudad: profile?.ciudad ?? '',
    telefono: profile?.telefono ?? '',
    email: profile?.email ?? '',
    plan: profile?.plan ?? 'ilimitado',
    logo: profile?.logo ?? '',
    resolucion: resolutionText(profile?.resolucion ?? null),
    contingencia: resolutionText(profile?.contingencia ?? null),
  };
}

const FIELDS = new Set(Object.keys(toValues(null)));

/** The control a path of core's answer names: the profile's own, but the DV is shown by the NIT. */
function fieldOf(path: string): FieldPath<IssuerFormValues> | null {
  if (path === 'dv') return 'nit';
  return FIELDS.has(path.split('.')[0]!) ? (path as FieldPath<IssuerFormValues>) : null;
}

/**
 * Ajustes › Datos del emisor: the company as every printed page and ticket shows it (the API has
 * no endpoint that returns it), its DIAN numbering resolution and its yearly plan, per connection.
 */
export function IssuerProfilePanel() {
  const profile = useRpcQuery('history.issuer', {});
  if (profile.isError) return <Alert tone="error">No se pudieron leer los datos del emisor: {profile.error.message}</Alert>;
  return profile.data === undefined ? null : <IssuerProfileForm initial={profile.data} />;
}

function IssuerProfileForm({ initial }: { initial: IssuerProfile | null }) {
  const save = useRpcMutation('history.setIssuer', [
    'history.issuer',
    'history.issuerWarnings',
    'history.detail',
    'outbox.status',
  ]);
  const form = useSchemaForm(IssuerForm, { defaultValues: toValues(initial) });
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors } = form.formState;

  const [nit, logo] = useWatch({ control: form.control, name: ['nit', 'logo'] });
  const checkDigit = checkDigitOf(nit);
  const setLogo = (dataUrl: string) => form.setValue('logo', dataUrl, { shouldDirty: true, shouldValidate: true });

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      setLogoProblem('El logo debe ser una imagen PNG o JPEG.');
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setLogoProblem(
        `La imagen pesa ${Math.ceil(file.size / 1024)} KB; el máximo es ${LOGO_MAX_BYTES / 1000} KB. Use una más pequeña.`,
      );
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setLogoProblem(null);
      setLogo(String(reader.result));
    };
    reader.onerror = () => setLogoProblem('No se pudo leer la imagen. Elija otro archivo.');
    reader.readAsDataURL(file);
  };

  const submit = form.handleSubmit((profile) => {
    save.mutate(profile, {
      onSuccess: (stored) => {
        form.reset(toValues(stored));
        setSaved(true);
      },
      onError: (error) => {
        if (!(error instanceof RpcClientError)) return;
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldOf(path);
          if (field) form.setError(field, { type: 'server', message });
        }
      },
    });
  });

  return (
    <form
      className="panel"
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
      noValidate
      aria-labelledby="issuer-title"
    >
      <h2 id="issuer-title">Datos del emisor</h2>
      <OfflineLock method="history.setIssuer">
        <p className="muted">
          Salen en cada factura impresa, tirilla y PDF de la conexión en uso. El servicio no los informa: escríbalos una vez.
        </p>
        <IssuerWarnings />
        <div className="form-grid">
          <Field label="Razón social" error={errors.nombre?.message}>
            <input type="text" autoComplete="organization" {...form.register('nombre')} />
          </Field>
          <div className="form-grid__pair">
            <Field label="NIT" error={errors.nit?.message} hint="Sin el dígito de verificación: se calcula solo.">
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('nit')} />
            </Field>
            <div className="field field--narrow">
              <label htmlFor="issuer-dv">DV</label>
              <output id="issuer-dv" className="issuer-dv" data-testid="issuer-dv">
                {checkDigit ?? '—'}
              </output>
            </div>
          </div>
          <Field label="Dirección" error={errors.direccion?.message}>
            <input type="text" autoComplete="street-address" {...form.register('direccion')} />
          </Field>
          <Field label="Ciudad" error={errors.ciudad?.message}>
            <input type="text" {...form.register('ciudad')} />
          </Field>
          <Field label="Teléfono" error={errors.telefono?.message}>
            <input type="tel" autoComplete="tel" {...form.register('telefono')} />
          </Field>
          <Field label="Correo" error={errors.email?.message}>
            <input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
        </div>

        <fieldset className="issuer-logo">
          <legend>Logo</legend>
          {logo ? (
            <img src={logo} alt="Logo del emisor" className="issuer-logo__preview" />
          ) : (
            <span className="muted">Sin logo.</span>
          )}
          <label className="button button--secondary">
            {logo ? 'Cambiar logo' : 'Elegir logo'}
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              onChange={chooseLogo}
              data-testid="logo-input"
            />
          </label>
          {logo && (
            <button type="button" className="button button--secondary" onClick={() => setLogo('')}>
              Quitar logo
            </button>
          )}
          <span className="muted">PNG o JPEG, hasta 150 KB.</span>
          {(logoProblem ?? errors.logo?.message) && <Alert tone="warn">{logoProblem ?? errors.logo?.message}</Alert>}
        </fieldset>

        <fieldset>
          <legend>Resolución de numeración de la DIAN</legend>
          <p className="muted">La que autoriza los números de sus facturas; se imprime en cada una.</p>
          <div className="form-grid">
            <Field label="Número de la resolución" error={errors.resolucion?.numero?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('resolucion.numero')} />
            </Field>
            <Field
              label="Prefijo"
              error={errors.resolucion?.prefijo?.message}
              hint="Hasta 4 letras o dígitos; vacío si no tiene."
            >
              <input type="text" autoComplete="off" {...form.register('resolucion.prefijo')} />
            </Field>
            <Field label="Fecha de la resolución" error={errors.resolucion?.desde?.message}>
              <input type="date" {...form.register('resolucion.desde')} />
            </Field>
            <Field label="Vigente hasta" error={errors.resolucion?.hasta?.message}>
              <input type="date" {...form.register('resolucion.hasta')} />
            </Field>
            <Field label="Rango desde el número" error={errors.resolucion?.rango_desde?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('resolucion.rango_desde')} />
            </Field>
            <Field label="Hasta el número" error={errors.resolucion?.rango_hasta?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('resolucion.rango_hasta')} />
            </Field>
          </div>
        </fieldset>

        <fieldset aria-labelledby="contingency-numbering-title">
          <legend id="contingency-numbering-title">Numeración de contingencia (talonario)</legend>
          <p className="muted">
            La que la DIAN le autorizó para las facturas que se imprimen cuando el servicio no responde. Cada venta en
            contingencia toma el siguiente número de este rango; la factura electrónica se transmite después con ese número. Sin
            ella, las ventas se guardan igual, pero la DIAN rechaza esas facturas.
          </p>
          <div className="form-grid">
            <Field label="Número de la resolución de contingencia" error={errors.contingencia?.numero?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('contingencia.numero')} />
            </Field>
            <Field label="Prefijo de contingencia" error={errors.contingencia?.prefijo?.message} hint="Hasta 4 letras o dígitos.">
              <input type="text" autoComplete="off" {...form.register('contingencia.prefijo')} />
            </Field>
            <Field label="Fecha de la resolución de contingencia" error={errors.contingencia?.desde?.message}>
              <input type="date" {...form.register('contingencia.desde')} />
            </Field>
            <Field label="Contingencia vigente hasta" error={errors.contingencia?.hasta?.message}>
              <input type="date" {...form.register('contingencia.hasta')} />
            </Field>
            <Field label="Contingencia desde el número" error={errors.contingencia?.rango_desde?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('contingencia.rango_desde')} />
            </Field>
            <Field label="Contingencia hasta el número" error={errors.contingencia?.rango_hasta?.message}>
              <input type="text" inputMode="numeric" autoComplete="off" {...form.register('contingencia.rango_hasta')} />
            </Field>
          </div>
        </fieldset>

        <Field
          label="Plan anual con su proveedor"
          error={errors.plan?.message}
          hint="Factura Desk avisa al 80 % y al llegar al límite."
        >
          <select {...form.register('plan')}>
            {YEARLY_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {PLAN_LABELS[plan]}
              </option>
            ))}
          </select>
        </Field>

        {save.isError && (
          <Alert tone="error" title="No se guardaron los datos del emisor">
            {save.error.message}
          </Alert>
        )}
        {saved && !form.formState.isDirty && <Alert tone="ok">Datos del emisor guardados.</Alert>}
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar datos del emisor'}
        </button>
      </OfflineLock>
    </form>
  );
}
