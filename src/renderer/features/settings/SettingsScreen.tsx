import { UnderConstruction } from '../../shell/UnderConstruction';

export default function SettingsScreen() {
  return (
    <UnderConstruction
      title="Ajustes"
      summary="Aquí configurará la conexión con el servicio de facturación: URL, empresa y token (guardado en el llavero del sistema)."
    />
  );
}
