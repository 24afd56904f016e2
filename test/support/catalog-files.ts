// A realistic catalog file for the import tests: 15,000 products as Excel in es-CO saves "CSV
// (delimitado por comas)": Windows-1252, semicolons, CRLF, about 2 MB; its first product is
// «Piña golden» at 7.900 with IVA included («sí»).
export const PRODUCTS = 15_000;
const WORDS = ['Arroz', 'Café', 'Azúcar', 'Panela', 'Aceite', 'Jabón', 'Galletas', 'Atún', 'Fríjol', 'Lenteja'];
const SIZES = ['500 g', '1 kg', '250 ml', '1 L', 'x 12 unidades', '3 kg'];

export function spanishExcelCatalog(): Uint8Array {
  const lines = ['Código;Código de barras;Descripción;Precio;Incluye IVA;Impuesto;Unidad;UNSPSC'];
  lines.push('PIN-GOLD;7701234000017;Piña golden;7.900;sí;0;unidad;50301700');
  for (let i = 1; i < PRODUCTS; i += 1) {
    const word = WORDS[i % WORDS.length]!;
    const size = SIZES[i % SIZES.length]!;
    const price = `${1 + (i % 90)}.${String((i * 37) % 1000).padStart(3, '0')}`;
    const barcode = String(7702000000000 + i);
    lines.push(
      `P${String(i).padStart(6, '0')};${barcode};${word} marca propia referencia ${i} presentación ${size} empaque individual surtido;${price};${i % 2 ? 'sí' : 'no'};${['19', '5', '0', '8'][i % 4]};unidad;`,
    );
  }
  return new Uint8Array(Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
}
