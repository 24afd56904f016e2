import { Alert } from '../ui/Alert';
import type { FormProblem } from './useSubmissionForm';

/** Why a form was not sent: one message, and the list of what to correct when there is one. */
export function SubmitProblem({ problem, title }: { problem: FormProblem | null; title: string }) {
  if (!problem) return null;
  return (
    <Alert tone="error" title={title}>
      <p>{problem.message}</p>
      {problem.list.length > 0 && (
        <ul>
          {problem.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
