// One product, new or edited: every field the counter and the support document need. Checked with
// the shared schema before it is sent; core refuses a code or barcode of another product.
import { useState, type FormEvent } from 'react';
import {
  CATALOG_TAX_LABELS,
  CATALOG_TAX_RATES,
  parseCatalogPrice,
  ProductInput,
  type CatalogTaxRate,
  type Product,
} from '#shared/catalog/product';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { FormActions } from '#renderer/ui/FormActions';

interface Props {
  product: Product | null;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

interface Values {
  code: string;
  barcodes: string;
  description: string;
  price: string;
  includes: boolean;
  tax: CatalogTaxRate;
  unit: string;
  unspsc: string;
}

const priceText = (value: string) => value.replace('.', ',');

function initial(product: Product | null): Values {
  return product
    ? {
        code: product.code,
        barcodes: product.barcodes.join(' '),
        description: product.description,
        price: priceText(product.unit_price),
        includes: product.price_includes_tax,
        tax: product.tax_rate,
        unit: product.unit,
        unspsc: product.unspsc ?? '',
      }
    : { code: '', barcodes: '', description: '', price: '', includes: false, tax: '19', unit: 'unidad', unspsc: '' };
}

export function ProductForm({ product, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => initial(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const price = parseCatalogPrice(values.price);
    const parsed = ProductInput.safeParse({
      code: values.code,
      barcodes: values.barcodes.split(/[\s,]+/).filter((b) => b !== ''),
      description: values.description,
      unit_price: price ?? 'x',
      price_includes_tax: values.includes,
      tax_rate: values.tax,
      unit: values.unit,
      unspsc: values.unspsc.trim() === '' ? null : values.unspsc,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (price === null) found.unit_price = 'Escriba el precio, por ejemplo 12.500 o 12.500,50.';
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      onSaved(await invoke('catalog.save', product ? { id: product.id, product: parsed.data } : { product: parsed.data }));
    } catch (error) {
      if (error instanceof RpcClientError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else setFailure('No se pudo guardar el producto.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="panel catalog-form" aria-labelledby="product-form-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="product-form-title">{product ? `Editar ${product.code}` : 'Nuevo producto'}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="catalog-form__grid">
        <Field label="Código" error={errors.code}>
          {/* The first field of the form: typing starts here. */}
          <input value={values.code} onChange={(e) => set('code', e.target.value)} autoFocus autoComplete="off" />
        </Field>
        <Field label="Códigos de barras" error={errors.barcodes} hint="Uno o varios, separados por espacio">
          <input value={values.barcodes} onChange={(e) => set('barcodes', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Descripción" error={errors.description} className="catalog-form__wide">
          <input value={values.description} onChange={(e) => set('description', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Precio unitario" error={errors.unit_price}>
          <input value={values.price} onChange={(e) => set('price', e.target.value)} inputMode="decimal" autoComplete="off" />
        </Field>
        <div className="field catalog-form__check">
          <label>
            <input type="checkbox" checked={values.includes} onChange={(e) => set('includes', e.target.checked)} /> El precio
            incluye el impuesto
          </label>
        </div>
        <Field label="Impuesto" error={errors.tax_rate}>
          <select value={values.tax} onChange={(e) => set('tax', e.target.value as CatalogTaxRate)}>
            {CATALOG_TAX_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {CATALOG_TAX_LABELS[rate]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Unidad de medida" error={errors.unit}>
          <input value={values.unit} onChange={(e) => set('unit', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Código UNSPSC" error={errors.unspsc} hint="8 dígitos; lo pide el documento soporte al comprar el producto">
          <input value={values.unspsc} onChange={(e) => set('unspsc', e.target.value)} inputMode="numeric" autoComplete="off" />
        </Field>
      </div>
      <FormActions saveLabel="Guardar producto" saving={saving} onCancel={onCancel} />
    </form>
  );
}
