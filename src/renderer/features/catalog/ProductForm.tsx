// One product, new or edited: every field the counter and the support document need. Checked with
// the shared schema before it is sent; core refuses a code or barcode of another product.
import { useState } from 'react';
import { z } from 'zod';
import { parseCatalogPrice, ProductInput, type Product } from '#shared/catalog/product';
import { TAX_RATES } from '#shared/dian/tax-rates';
import { decimalComma } from '#shared/format';
import { errorOf, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { FormActions } from '#renderer/ui/FormActions';

interface Props {
  product: Product | null;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

/** The product as typed: the contract's product, with the three fields a person types as text. */
const ProductFields = ProductInput.extend({
  barcodes: z
    .string()
    .transform((text) => text.split(/[\s,]+/).filter((code) => code !== ''))
    .pipe(ProductInput.shape.barcodes),
  unit_price: z
    .string()
    .transform((text, context) => {
      const price = parseCatalogPrice(text);
      if (price !== null) return price;
      context.addIssue({ code: 'custom', message: 'Escriba el precio, por ejemplo 12.500 o 12.500,50.' });
      return z.NEVER;
    })
    .pipe(ProductInput.shape.unit_price),
  unspsc: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(ProductInput.shape.unspsc),
});
type ProductTyped = z.input<typeof ProductFields>;

function initial(product: Product | null): ProductTyped {
  return product
    ? {
        code: product.code,
        barcodes: product.barcodes.join(' '),
        description: product.description,
        unit_price: decimalComma(product.unit_price),
        price_includes_tax: product.price_includes_tax,
        tax_rate: product.tax_rate,
        unit: product.unit,
        unspsc: product.unspsc ?? '',
      }
    : {
        code: '',
        barcodes: '',
        description: '',
        unit_price: '',
        price_includes_tax: false,
        tax_rate: '19',
        unit: 'unidad',
        unspsc: '',
      };
}

const SERVER_FIELDS = ['code', 'barcodes', 'description', 'unit_price', 'tax_rate', 'unit', 'unspsc'] as const;

export function ProductForm({ product, onSaved, onCancel }: Props) {
  const form = useSchemaForm(ProductFields, { defaultValues: initial(product) });
  const { errors, isSubmitting: saving } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      onSaved(await invoke('catalog.save', product ? { id: product.id, product: input } : { product: input }));
    } catch (error) {
      if (error instanceof RpcClientError) {
        // Core refuses a code or barcode of another product: under the field it names.
        for (const [path, message] of Object.entries(error.fields)) {
          const field = SERVER_FIELDS.find((name) => name === path.replace(/^product\./, '').split('.')[0]);
          if (field) form.setError(field, { type: 'server', message });
        }
        setFailure(error.message);
      } else setFailure('No se pudo guardar el producto.');
    }
  });

  return (
    <form className="panel catalog-form" aria-labelledby="product-form-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="product-form-title">{product ? `Editar ${product.code}` : 'Nuevo producto'}</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="catalog-form__grid">
        <Field label="Código" error={errorOf(errors, 'code')}>
          {/* The first field of the form: typing starts here. */}
          <input {...form.register('code')} autoFocus autoComplete="off" />
        </Field>
        <Field label="Códigos de barras" error={errorOf(errors, 'barcodes')} hint="Uno o varios, separados por espacio">
          <input {...form.register('barcodes')} autoComplete="off" />
        </Field>
        <Field label="Descripción" error={errorOf(errors, 'description')} className="catalog-form__wide">
          <input {...form.register('description')} autoComplete="off" />
        </Field>
        <Field label="Precio unitario" error={errorOf(errors, 'unit_price')}>
          <input {...form.register('unit_price')} inputMode="decimal" autoComplete="off" />
        </Field>
        <div className="field catalog-form__check">
          <label>
            <input type="checkbox" {...form.register('price_includes_tax')} /> El precio incluye el impuesto
          </label>
        </div>
        <Field label="Impuesto" error={errorOf(errors, 'tax_rate')}>
          <select {...form.register('tax_rate')}>
            {TAX_RATES.map(({ rate, label }) => (
              <option key={rate} value={rate}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Unidad de medida" error={errorOf(errors, 'unit')}>
          <input {...form.register('unit')} autoComplete="off" />
        </Field>
        <Field
          label="Código UNSPSC"
          error={errorOf(errors, 'unspsc')}
          hint="8 dígitos; lo pide el documento soporte al comprar el producto"
        >
          <input {...form.register('unspsc')} inputMode="numeric" autoComplete="off" />
        </Field>
      </div>
      <FormActions saveLabel="Guardar producto" saving={saving} onCancel={onCancel} />
    </form>
  );
}
