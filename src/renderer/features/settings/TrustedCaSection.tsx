import { useState } from 'react';
import type { Connection } from '#shared/rpc/methods/connections';
import { formatDateTime } from '#shared/dates';
import { formatByteSize } from '#shared/byte-size';
import { FILE_LIMITS, readTextFile } from '#shared/text-file';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { useOfflineRefusal } from '#renderer/shell/offline';

/**
 * The provider's own certificate authority a connection trusts besides the system's: which one
 * (subject, SHA-256 fingerprint to compare with the provider, expiry), chosen from a PEM file, removable.
 */
export function TrustedCaSection({ connection, onChanged }: { connection: Connection; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const certificates = connection.trusted_ca ?? [];

  async function work(action: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      onChanged();
    } catch (caught) {
      setProblem(caught instanceof RpcClientError ? caught.message : 'No se pudo guardar el certificado.');
    } finally {
      setBusy(false);
    }
  }

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const read = await readTextFile(file, FILE_LIMITS.certificateAuthority);
    if (!read.ok) {
      setProblem(read.problem);
      return;
    }
    await work(() => invoke('connections.trustCa', { id: connection.id, pem: read.text }));
  };

  const remove = () => {
    if (!window.confirm(`¿Dejar de confiar en la autoridad de certificación de «${connection.label}»?`)) return;
    void work(() => invoke('connections.forgetCa', { id: connection.id }));
  };

  // Without the caja principal the authority is not changed here; the card says why beside its actions.
  const locked = useOfflineRefusal('connections.trustCa') !== null;
  return (
    <section className="trusted-ca" aria-label="Autoridad de certificación del proveedor">
      <h4>Autoridad de certificación del proveedor</h4>
      {certificates.length === 0 ? (
        <p className="muted">
          Se confía en las autoridades reconocidas por este equipo. Si su proveedor usa una autoridad propia, agregue su
          certificado (archivo .pem o .crt, hasta {formatByteSize(FILE_LIMITS.certificateAuthority)}).
        </p>
      ) : (
        <ul className="trusted-ca__list">
          {certificates.map((certificate) => (
            <li key={certificate.fingerprint_sha256}>
              <dl className="connection-card__facts">
                <dt>Emitida para</dt>
                <dd>{certificate.subject}</dd>
                <dt>Huella SHA-256</dt>
                <dd className="trusted-ca__fingerprint">{certificate.fingerprint_sha256}</dd>
                <dt>Vence</dt>
                <dd>{formatDateTime(certificate.valid_to)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="actions">
        <label className="button button--secondary">
          {certificates.length === 0 ? 'Agregar certificado de la autoridad…' : 'Reemplazar certificado…'}
          <input
            type="file"
            accept=".pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert"
            className="sr-only"
            aria-label="Archivo del certificado de la autoridad"
            disabled={busy || locked}
            // Cleared after each choice, so choosing the same file again reads it again.
            onChange={(e) => void choose(e.target.files?.[0]).finally(() => (e.target.value = ''))}
          />
        </label>
        {certificates.length > 0 && (
          <button className="button button--secondary" type="button" onClick={remove} disabled={busy || locked}>
            Quitar autoridad
          </button>
        )}
      </div>
    </section>
  );
}
