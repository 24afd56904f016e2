// The rules a rejection names, each in plain words with where to correct it (dian-rejection.ts);
// the server's message as it came when it names no rule.
import { explainRejection } from './dian-rejection';

export function RejectionReasons({ message, fallback }: { message: string | null | undefined; fallback: string }) {
  const rules = explainRejection(message);
  if (rules.length === 0) return <p data-testid="rejection-reason">{message ?? fallback}</p>;
  return (
    <ul className="rejection-rules" data-testid="rejection-rules">
      {rules.map((rule, i) => (
        <li key={`${rule.code}-${i}`} data-testid="rejection-rule" data-code={rule.code}>
          <p>
            <strong>{rule.meaning}</strong>
          </p>
          <p>
            Dónde corregir: <span data-testid="rejection-where">{rule.where}</span>
          </p>
          <p className="muted">
            Regla {rule.code} de la DIAN: {rule.message}
          </p>
        </li>
      ))}
    </ul>
  );
}
