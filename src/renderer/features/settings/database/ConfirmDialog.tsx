import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Alert } from '#renderer/ui/Alert';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The yes, and what it says while the host works. */
  confirm: string;
  pending: string;
  isPending: boolean;
  /** The host's refusal, in its words. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The second step of every change of database, inline like the restore's: the yes button takes the
 * focus (a keyboard user reads the question and answers it), Escape or «Cancelar» go back.
 */
export function ConfirmDialog({ title, children, confirm, pending, isPending, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div
      className="panel database-confirm"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isPending) onCancel();
      }}
    >
      <h4 id={`${id}-title`}>{title}</h4>
      <div id={`${id}-what`}>{children}</div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="database-actions">
        <button ref={yes} className="button button--danger" type="button" disabled={isPending} onClick={onConfirm}>
          {isPending ? pending : confirm}
        </button>
        <button className="button button--secondary" type="button" disabled={isPending} onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </div>
  );
}
