// Why the DIAN rejected a document, from the rejection core kept as data (dian-rejection.ts): each
// rule in plain words, where to correct it, its code and the DIAN's own message. A rejection whose
// answer named no rule shows the DIAN's message; one recorded without the data, its stored text.
import type { Submission } from '#shared/rpc/methods/submissions';
import { explainRejection } from './dian-rejection';

export function RejectionReasons({ submission, fallback }: { submission: Submission; fallback: string }) {
  const rejection = submission.rejection;
  const rules = rejection ? explainRejection(rejection, submission.kind) : [];
  if (rules.length === 0) {
    return (
      <p data-testid="rejection-reason">
        {rejection?.message ? `La DIAN respondió: «${rejection.message}»` : (submission.error?.message ?? fallback)}
      </p>
    );
  }
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
            Regla de la DIAN <code data-testid="rejection-code">{rule.code}</code>:{' '}
            <span data-testid="rejection-message">«{rule.message}»</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
