import { asObj, text } from './document-parts';

/** Every field of the contract's document resource, as the API returned it (objects and lists nested). */
export function DocumentFields({ document }: { document: Record<string, unknown> }) {
  return (
    <dl className="history-fields">
      {Object.entries(document).map(([key, value]) => (
        <div key={key} className="history-fields__item">
          <dt>{key}</dt>
          <dd>
            {Array.isArray(value) ? (
              value.length === 0 ? (
                <span className="muted">[]</span>
              ) : (
                <ol className="history-fields__list">
                  {value.map((element, index) => (
                    <li key={index}>
                      {element !== null && typeof element === 'object' ? (
                        <DocumentFields document={asObj(element)} />
                      ) : (
                        text(element)
                      )}
                    </li>
                  ))}
                </ol>
              )
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
