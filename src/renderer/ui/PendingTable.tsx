// The table of open submissions that the counter (Facturas pendientes de confirmar) and Documentos
// soporte › Pendientes share: who, which document, its state (with the held-for-a-new-token release
// where it applies), when it was sent and checked next, and a "check now" for each row.
import { formatDateTime } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import type { useRpcMutation } from '../rpc/hooks';
import { HeldRelease } from './HeldRelease';
import { ListHead } from './RowActions';

interface Columns {
  counterpart: string;
  number: string;
  state: string;
  sent: string;
}

export function PendingTable({
  rows,
  columns,
  number,
  stateText,
  check,
  checkLabel,
  rowTestId,
  testId,
}: {
  rows: readonly Submission[];
  columns: Columns;
  number: (s: Submission) => string;
  stateText: (s: Submission) => string;
  check: ReturnType<typeof useRpcMutation<'submissions.check'>>;
  checkLabel: (checking: boolean) => string;
  rowTestId?: string;
  testId?: string;
}) {
  return (
    <table className="data" data-testid={testId}>
      <ListHead columns={[columns.counterpart, columns.number, columns.state, columns.sent, 'Próxima consulta']} />
      <tbody>
        {rows.map((s) => {
          const checking = check.isPending && check.variables?.id === s.id;
          return (
            <tr key={s.id} data-testid={rowTestId}>
              <td>{s.counterpart ?? '—'}</td>
              <td>{number(s)}</td>
              <td>
                {stateText(s)}
                {s.error?.code === 'credentials_changed' ? (
                  <HeldRelease submission={s} />
                ) : (
                  s.error && <div className="muted">{s.error.message}</div>
                )}
              </td>
              <td>{formatDateTime(s.created_at)}</td>
              <td>{s.next_check_at ? formatDateTime(s.next_check_at) : '—'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={checking}
                  onClick={() => check.mutate({ id: s.id })}
                >
                  {checkLabel(checking)}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
