import { asObj, text } from './document-parts';

/** Every field of the contract's document resource, as the API returned it (objects nested, lists counted). */
export function DocumentFields({ document }: { document: Record<string, unknown> }) {
  return (
    <dl className="history-fields">
      {Object.entries(document).map(([key, value]) => (
        <div key={key} className="history-fields__item">
          <dt>{key}</dt>
          <dd>
            {Array.isArray(value) ? (
              `${value.length} elemento${value.length === 1 ? '' : 's'} (ver abajo)`
            ) : value !== null && typeof value === 'object' ? (
              <DocumentFields document={asObj(value)} />
            ) : value === null ? (
              <span className="muted">null</span>
            ) : (
              <span className="history-fields__value">{text(value)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
