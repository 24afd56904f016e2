import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { IssuerProfile, LOGO_MAX_BYTES, YEARLY_PLANS } from '#shared/rpc/methods/history';
import { RpcClientError } from '#renderer/rpc/client';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { IssuerWarnings } from './IssuerWarnings';

/** Every control holds text; the resolution is either complete or all empty. */
export interface IssuerFormValues {
  nombre: string;
  /** as typed: "900123456", "900.123.456" or with its DV, "900123456-7" */
  nit: string;
  direccion: string;
  ciudad: string;
  telefono: string;
  email: string;
  plan: IssuerProfile['plan'];
  res_numero: string;
  res_desde: string;
  res_hasta: string;
  res_prefijo: string;
  res_rango_desde: string;
  res_rango_hasta: string;
  cont_numero: string;
  cont_desde: string;
  cont_hasta: string;
  cont_prefijo: string;
  cont_rango_desde: string;
  cont_rango_hasta: string;
}

const EMPTY: IssuerFormValues = {
  nombre: '',
  nit: '',
  direccion: '',
  ciudad: '',
  telefono: '',
  email: '',
  plan: 'ilimitado',
  res_numero: '',
  res_desde: '',
  res_hasta: '',
  res_prefijo: '',
  res_rango_desde: '',
  res_rango_hasta: '',
  cont_numero: '',
  cont_desde: '',
  cont_hasta: '',
  cont_prefijo: '',
  cont_rango_desde: '',
  cont_rango_hasta: '',
};

const PLAN_LABELS: Record<IssuerProfile['plan'], string> = {
  '50': '50 documentos al año',
  '100': '100 documentos al año',
  '500': '500 documentos al año',
  ilimitado: 'Ilimitado',
};

function toValues(profile: IssuerProfile | null): IssuerFormValues {
  if (!profile) return EMPTY;
  const r = profile.resolucion;
  const c = profile.contingencia;
  return {
    nombre: profile.nombre,
    nit: profile.nit,
    direccion: profile.direccion,
    ciudad: profile.ciudad,
    telefono: profile.telefono,
    email: profile.email,
    plan: profile.plan,
    res_numero: r?.numero ?? '',
    res_desde: r?.desde ?? '',
    res_hasta: r?.hasta ?? '',
    res_prefijo: r?.prefijo ?? '',
    res_rango_desde: r ? String(r.rango_desde) : '',
    res_rango_hasta: r ? String(r.rango_hasta) : '',
    cont_numero: c?.numero ?? '',
    cont_desde: c?.desde ?? '',
    cont_hasta: c?.hasta ?? '',
    cont_prefijo: c?.prefijo ?? '',
    cont_rango_desde: c ? String(c.rango_desde) : '',
    cont_rango_hasta: c ? String(c.rango_hasta) : '',
  };
}

const RESOLUTION_FIELDS = ['numero', 'desde', 'hasta', 'prefijo', 'rango_desde', 'rango_hasta'] as const;

/** A resolution's six fields under `res_` or `cont_`: null when all are empty, else the resolution to check. */
function resolutionFrom(values: IssuerFormValues, head: 'res' | 'cont'): unknown {
  const value = (name: (typeof RESOLUTION_FIELDS)[number]) => values[`${head}_${name}`];
  if (RESOLUTION_FIELDS.every((name) => value(name).trim() === '')) return null;
  return {
    numero: value('numero').trim(),
    desde: value('desde'),
    hasta: value('hasta'),
    prefijo: value('prefijo').trim().toUpperCase(),
    rango_desde: wholeNumber(value('rango_desde')),
    rango_hasta: wholeNumber(value('rango_hasta')),
  };
}

/** A whole number typed by a person ("990.000.000" or "990000000"), or NaN. */
const wholeNumber = (text: string) =>
  /^\d{1,3}(\.\d{3})*$|^\d+$/.test(text.trim()) ? Number(text.trim().replaceAll('.', '')) : Number.NaN;

/**
 * The NIT as typed, without dots or spaces, and the DV the user typed after a hyphen (if any): the
 * DV is computed from the NIT, a typed one is only checked against it.
 */
export function readNit(text: string): { nit: string; typedDv: string | null } {
  const [number = '', ...after] = text.replace(/[.\s]/g, '').split('-');
  return { nit: number, typedDv: after.length > 0 ? after.join('-') : null };
}

/** The NIT's check digit, or null while the NIT is not 5 to 15 digits. */
export function checkDigitOf(text: string): string | null {
  const { nit } = readNit(text);
  return /^\d{5,15}$/.test(nit) ? nitCheckDigit(nit) : null;
}

/** The form's text as the profile the contract of core accepts (checked there and here alike). */
export function toProfile(values: IssuerFormValues, logo: string): unknown {
  return {
    nombre: values.nombre,
    nit: readNit(values.nit).nit,
    // The schema refuses a typed DV that is not the NIT's (IssuerProfile's refine).
    dv: readNit(values.nit).typedDv ?? checkDigitOf(values.nit) ?? '',
    direccion: values.direccion,
    ciudad: values.ciudad,
    telefono: values.telefono,
    email: values.email,
    plan: values.plan,
    logo,
    resolucion: resolutionFrom(values, 'res'),
    contingencia: resolutionFrom(values, 'cont'),
  };
}

/** The form field an issue of the profile's schema belongs to. */
export function fieldOf(path: readonly PropertyKey[]): keyof IssuerFormValues | null {
  const [head, sub] = path.map(String);
  if (head === 'resolucion') return sub ? (`res_${sub}` as keyof IssuerFormValues) : 'res_numero';
  if (head === 'contingencia') return sub ? (`cont_${sub}` as keyof IssuerFormValues) : 'cont_numero';
  // The DV is no field of its own: it is computed from the NIT, or typed after it.
  if (head === 'dv') return 'nit';
  return head && head in EMPTY ? (head as keyof IssuerFormValues) : null;
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
  const form = useForm<IssuerFormValues>({ defaultValues: toValues(initial) });
  const [logo, setLogo] = useState(initial?.logo ?? '');
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors } = form.formState;

  const nit = useWatch({ control: form.control, name: 'nit' });
  const checkDigit = checkDigitOf(nit);

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

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    const { nit: number, typedDv } = readNit(values.nit);
    const expected = checkDigitOf(values.nit);
    if (typedDv !== null && expected !== null && typedDv !== expected) {
      form.setError('nit', {
        message: `El dígito de verificación de ese NIT es ${expected}, no ${typedDv}: revise el NIT o escríbalo sin el dígito.`,
      });
      return;
    }
    if (typedDv !== null && !/^\d$/.test(typedDv) && /^\d{5,15}$/.test(number)) {
      form.setError('nit', { message: 'Después del guion va un solo dígito, el de verificación.' });
      return;
    }
    const parsed = IssuerProfile.safeParse(toProfile(values, logo));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        if (field) form.setError(field, { message: issue.message });
        else setLogoProblem(issue.message);
      }
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (stored) => {
        form.reset(toValues(stored));
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof RpcClientError) {
          for (const [path, message] of Object.entries(error.fields)) {
            const field = fieldOf(path.split('.'));
            if (field) form.setError(field, { message });
          }
        }
      },
    });
  });

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="issuer-title">
      <h2 id="issuer-title">Datos del emisor</h2>
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
        {logoProblem && <Alert tone="warn">{logoProblem}</Alert>}
      </fieldset>

      <fieldset>
        <legend>Resolución de numeración de la DIAN</legend>
        <p className="muted">La que autoriza los números de sus facturas; se imprime en cada una.</p>
        <div className="form-grid">
          <Field label="Número de la resolución" error={errors.res_numero?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('res_numero')} />
          </Field>
          <Field label="Prefijo" error={errors.res_prefijo?.message} hint="Hasta 4 letras o dígitos; vacío si no tiene.">
            <input type="text" autoComplete="off" {...form.register('res_prefijo')} />
          </Field>
          <Field label="Fecha de la resolución" error={errors.res_desde?.message}>
            <input type="date" {...form.register('res_desde')} />
          </Field>
          <Field label="Vigente hasta" error={errors.res_hasta?.message}>
            <input type="date" {...form.register('res_hasta')} />
          </Field>
          <Field label="Rango desde el número" error={errors.res_rango_desde?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('res_rango_desde')} />
          </Field>
          <Field label="Hasta el número" error={errors.res_rango_hasta?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('res_rango_hasta')} />
          </Field>
        </div>
      </fieldset>

      <fieldset aria-labelledby="contingency-numbering-title">
        <legend id="contingency-numbering-title">Numeración de contingencia (talonario)</legend>
        <p className="muted">
          La que la DIAN le autorizó para las facturas que se imprimen cuando el servicio no responde. Cada venta en contingencia
          toma el siguiente número de este rango; la factura electrónica se transmite después con ese número. Sin ella, las ventas
          se guardan igual, pero la DIAN rechaza esas facturas.
        </p>
        <div className="form-grid">
          <Field label="Número de la resolución de contingencia" error={errors.cont_numero?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('cont_numero')} />
          </Field>
          <Field label="Prefijo de contingencia" error={errors.cont_prefijo?.message} hint="Hasta 4 letras o dígitos.">
            <input type="text" autoComplete="off" {...form.register('cont_prefijo')} />
          </Field>
          <Field label="Fecha de la resolución de contingencia" error={errors.cont_desde?.message}>
            <input type="date" {...form.register('cont_desde')} />
          </Field>
          <Field label="Contingencia vigente hasta" error={errors.cont_hasta?.message}>
            <input type="date" {...form.register('cont_hasta')} />
          </Field>
          <Field label="Contingencia desde el número" error={errors.cont_rango_desde?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('cont_rango_desde')} />
          </Field>
          <Field label="Contingencia hasta el número" error={errors.cont_rango_hasta?.message}>
            <input type="text" inputMode="numeric" autoComplete="off" {...form.register('cont_rango_hasta')} />
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
    </form>
  );
}
