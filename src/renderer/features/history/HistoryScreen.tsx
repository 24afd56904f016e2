import { UnderConstruction } from '../../shell/UnderConstruction';

export default function HistoryScreen() {
  return (
    <UnderConstruction
      title="Historial"
      summary="Aquí consultará sin conexión todo lo emitido: búsqueda, filtros, detalle, PDF y exportación a CSV."
    />
  );
}
