import type { ReactNode } from 'react';

export function Alert({ tone, title, children }: { tone: 'ok' | 'warn' | 'error'; title?: string; children?: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <strong className="alert__title">{title}</strong>}
      {children && <div>{children}</div>}
    </div>
  );
}
