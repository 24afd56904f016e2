import { Money } from '#renderer/ui/Money';
import { useDseForm } from './form-context';

/** The totals exactly as the server computes them ("DSE totals are computed by the server"), with the shared code. */
export function TotalsPanel() {
  const { validation } = useDseForm();
  const { amounts, total_retenciones, neto_pagar, invalidLines } = validation.preview;
  const rows: [string, string, typeof amounts.total][] = [
    ['Subtotal', 'subtotal', amounts.subtotal],
    ['Impuestos', 'impuestos', amounts.impuestos],
    ['Total', 'total', amounts.total],
    ['Total retenciones', 'total-retenciones', total_retenciones],
  ];
  return (
    <aside className="panel dse-totals" aria-label="Totales">
      <h2>Totales</h2>
      <dl>
        {rows.map(([label, id, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd>
              <Money value={value} testId={`dse-total-${id}`} />
            </dd>
          </div>
        ))}
        <div className="dse-totals__net">
          <dt>Neto a pagar</dt>
          <dd>
            <Money value={neto_pagar} testId="dse-total-neto" />
          </dd>
        </div>
      </dl>
      {invalidLines > 0 && (
        <p className="field__error">{`${invalidLines} ${invalidLines === 1 ? 'línea con errores no se suma' : 'líneas con errores no se suman'} hasta corregirlas.`}</p>
      )}
    </aside>
  );
}
