import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import { copyText } from '#renderer/ui/copy';
import { estadoLabel, SUBMISSION_STATE_LABELS } from '#renderer/ui/states';

/** The submission's history: keys, attempts, every recorded answer, and the support information. */
export function SubmissionHistory({ detail }: { detail: HistoryDetail }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const { submission, events, support } = detail;
  if (!submission) {
    return (
      <p className="muted">
        Este documento llegó por sincronización: no se envió desde este equipo, así que no hay intentos ni claves registradas
        aquí.
      </p>
    );
  }
  return (
    <>
      <dl className="history-fields">
        <div className="history-fields__item">
          <dt>Clave del envío (para soporte)</dt>
          <dd className="history-fields__value">{submission.idempotency_key}</dd>
        </div>
        <div className="history-fields__item">
          <dt>Huella del contenido enviado (para soporte)</dt>
          <dd className="history-fields__value">{submission.payload_hash}</dd>
        </div>
        <div className="history-fields__item">
          <dt>Estado del envío</dt>
          <dd>{SUBMISSION_STATE_LABELS[submission.state]}</dd>
        </div>
        <div className="history-fields__item">
          <dt>Intentos</dt>
          <dd>{submission.attempts}</dd>
        </div>
        {submission.next_check_at && (
          <div className="history-fields__item">
            <dt>Próxima verificación</dt>
            <dd>{formatDateTime(submission.next_check_at)}</dd>
          </div>
        )}
      </dl>
      {events.length > 0 ? (
        <table className="history-table">
          <caption>Intentos y respuestas</caption>
          <thead>
            <tr>
              <th>Fecha</th>
              <th>Intento</th>
              <th>Estado</th>
              <th>HTTP</th>
              <th>Estado DIAN</th>
              <th>Respuesta</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => (
              <tr key={index}>
                <td>{formatDateTime(event.at)}</td>
                <td>{event.attempts}</td>
                <td>{SUBMISSION_STATE_LABELS[event.state]}</td>
                <td>{event.http_status ?? 'sin respuesta'}</td>
                <td>{event.estado_dian ? estadoLabel(event.estado_dian) : '—'}</td>
                <td className="history-table__body">
                  {event.error_message ? <div>{event.error_message}</div> : null}
                  {event.response_body ? (
                    <details>
                      <summary>Ver datos técnicos</summary>
                      <code>{event.response_body}</code>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Este envío es anterior al registro de intentos; se muestra solo su último estado.</p>
      )}
      {support && (
        <details className="history-support">
          <summary>Información de soporte</summary>
          <pre>{support.text}</pre>
          <button type="button" className="button button--secondary" onClick={() => void copyText(support.text).then(setCopied)}>
            Copiar información de soporte
          </button>
          {copied === true && <span role="status"> Copiada.</span>}
          {copied === false && <span role="alert"> No se pudo copiar; seleccione el texto y cópielo a mano.</span>}
        </details>
      )}
    </>
  );
}
