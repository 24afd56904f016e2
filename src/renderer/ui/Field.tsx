import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';

interface FieldProps {
  label: string;
  /** The message to show under the control; also marks it aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** One form control; Field gives it its id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled control with its error and hint, accessible by label (what tests and screen readers use). */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="muted field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
