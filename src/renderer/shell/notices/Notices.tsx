// The notices' place: the bottom right corner, clear of every screen's header and tabs and of
// Facturas' totals bar. Each closes with its button (or Escape while it has focus); good news closes by itself.
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
        if (event.key === 'Escape') dismissNotice(notice.key);
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

export function Notices() {
  const notices = useNotices();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.key} notice={notice} />
      ))}
    </div>
  );
}
