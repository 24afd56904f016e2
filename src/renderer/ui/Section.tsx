import type { ReactNode } from 'react';

/** An optional part of a form, closed by default (AIU, withholdings, currency...). */
export function Section({
  title,
  summary,
  defaultOpen = false,
  children,
}: {
  title: string;
  summary?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="panel section" open={defaultOpen}>
      <summary className="section__summary">
        <span className="section__title">{title}</span>
        {summary && <span className="muted section__hint">{summary}</span>}
      </summary>
      <div className="section__body">{children}</div>
    </details>
  );
}
