/** The end of an edit form: save (saying so while it saves) and cancel. */
export function FormActions({
  saveLabel,
  saving = false,
  onCancel,
  className = 'button-row',
}: {
  saveLabel: string;
  saving?: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Guardando…' : saveLabel}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancelar
      </button>
    </div>
  );
}
