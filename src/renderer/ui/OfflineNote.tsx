/**
 * Beside an action that a register without the caja principal cannot take (shown disabled): why,
 * in a sentence. Nothing while the action works.
 */
export function OfflineNote({ note, id }: { note: string | null; id?: string }) {
  if (note === null) return null;
  return (
    <p className="offline-note" data-testid="offline-note" id={id}>
      {note}
    </p>
  );
}
