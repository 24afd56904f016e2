// A form or panel whose every control edits the shop's shared data: without the caja principal
// its controls are disabled together (one fieldset, so nothing inside needs to know) and a
// sentence above them says why. The fieldset is always there, so going offline or back keeps what
// was typed.
import type { ReactNode } from 'react';
import type { OfflineRefusedMethod } from '#shared/offline/refused';
import { OfflineNote } from '../ui/OfflineNote';
import { useOfflineRefusal } from './offline';

export function OfflineLock({ method, children }: { method: OfflineRefusedMethod; children: ReactNode }) {
  const note = useOfflineRefusal(method);
  return (
    <>
      <OfflineNote note={note} />
      <fieldset className="offline-lock" disabled={note !== null}>
        {children}
      </fieldset>
    </>
  );
}
