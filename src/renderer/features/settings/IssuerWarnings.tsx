import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';

/**
 * What the shop should know before the numbering resolution or the yearly plan runs out, from
 * core's count of the local history. Never blocks: issuing stays the service's decision.
 */
export function IssuerWarnings({ link = false }: { link?: boolean }) {
  const warnings = useRpcQuery('history.issuerWarnings', {});
  if (!warnings.data || warnings.data.length === 0) return null;
  return (
    <div className="issuer-warnings" data-testid="issuer-warnings">
      {warnings.data.map((warning) => (
        <Alert key={warning.code} tone={warning.level === 'error' ? 'error' : 'warn'}>
          {warning.text}
          {link && (
            <>
              {' '}
              <a href="#/ajustes" className="no-print">
                Ajustes › Datos del emisor
              </a>
            </>
          )}
        </Alert>
      ))}
    </div>
  );
}
