// The notices' place: a strip of its own between the work and the status bar (notices.css), so a
// notice never covers a form or a button. Each closes with its button or Escape (on the notice, or
// anywhere outside a field or a dialog: the newest goes first); good news closes by itself, an
// error stays until it is closed.
import { useEffect } from 'react';
import { dismissNotice, NOTICE_MS, useNotices, type Notice } from './notices';
import './notices.css';

function NoticeItem({ notice }: { notice: Notice }) {
  useEffect(() => {
    if (notice.tone === 'error') return;
    const timer = setTimeout(() => dismissNotice(notice.key), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div
      className={`alert alert--${notice.tone === 'error' ? 'error' : 'ok'} notice`}
      data-testid={notice.testId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        dismissNotice(notice.key);
      }}
    >
      <span>
        {notice.text}
        {notice.link && (
          <>
            {' '}
            <a href={notice.link.href} onClick={() => dismissNotice(notice.key)}>
              {notice.link.label}
            </a>
          </>
        )}
      </span>
      <button type="button" className="notice__close" aria-label="Cerrar aviso" onClick={() => dismissNotice(notice.key)}>
        ✕
      </button>
    </div>
  );
}

/** Whether Escape belongs to what has the focus (a field it may clear, a dialog it closes). */
function escapeIsTaken(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('.notices')) return false;
  return target.closest('input, select, textarea, [contenteditable="true"], [role="dialog"], dialog') !== null;
}

export function Notices() {
  const notices = useNotices();
  const newest = notices.at(-1)?.key;
  useEffect(() => {
    if (newest === undefined) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || escapeIsTaken(event.target)) return;
      dismissNotice(newest);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [newest]);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.key} notice={notice} />
      ))}
    </div>
  );
}
