import { estadoLabel, estadoTone } from '#renderer/ui/states';

export function StateBadge({ estado }: { estado: string }) {
  return <span className={`badge badge--${estadoTone(estado)}`}>{estadoLabel(estado)}</span>;
}

/** The app still follows this document: its submission is in doubt or pending. */
export function FollowingMarker() {
  return (
    <span className="badge badge--warn history-following" title="Factura Desk sigue confirmando este documento con el servicio.">
      en duda / pendiente
    </span>
  );
}
