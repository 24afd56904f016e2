import { UnderConstruction } from '../../shell/UnderConstruction';

export default function InvoicesScreen() {
  return (
    <UnderConstruction
      title="Facturas"
      summary="Aquí emitirá facturas electrónicas de venta con totales en vivo, IVA e INC, y el resultado de la DIAN."
    />
  );
}
