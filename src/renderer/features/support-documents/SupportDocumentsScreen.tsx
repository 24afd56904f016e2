import { UnderConstruction } from '../../shell/UnderConstruction';

export default function SupportDocumentsScreen() {
  return (
    <UnderConstruction
      title="Documentos soporte"
      summary="Aquí emitirá documentos soporte por operación o acumulados semanales, con retenciones y vista previa en vivo."
    />
  );
}
