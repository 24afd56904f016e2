// Field names of the DSE create request and their aliases ("DSE create request", "Supplier",
// "DSE item", "DSE withholding"), and the fields a client must never send.

/** canonical name -> accepted names, canonical first */
export const DSE_FIELD_ALIASES = {
  fecha_documento: ['fecha_documento', 'fecha'],
  fecha_inicio_periodo: ['fecha_inicio_periodo', 'period_start_date'],
  fecha_fin_periodo: ['fecha_fin_periodo', 'period_end_date'],
  forma_pago: ['forma_pago', 'payment_type'],
  medio_pago_codigo: ['medio_pago_codigo', 'payment_means_code'],
  fecha_vencimiento: ['fecha_vencimiento', 'payment_due_date'],
  retenciones: ['retenciones', 'withholdings'],
  idempotency_key: ['request_key', 'draft_key'],
} as const;

export const DSE_SUPPLIER_ALIASES = {
  nit: ['nit', 'numero_documento'],
} as const;

export const DSE_ITEM_ALIASES = {
  base_imponible: ['base_imponible', 'base'],
  cost_center_code: ['cost_center_code', 'centro_costo_codigo'],
} as const;

export const DSE_WITHHOLDING_ALIASES = {
  retention_key: ['retention_key', 'type', 'tipo', 'tax_name', 'nombre'],
  dian_tax_code: ['dian_tax_code', 'codigo_dian'],
  tax_name: ['tax_name', 'nombre', 'label'],
  base_mode: ['base_mode', 'modo_base'],
  base_amount: ['base_amount', 'base'],
  percent: ['percent', 'porcentaje'],
  amount: ['amount', 'valor'],
  enabled: ['enabled', 'activa'],
  display_order: ['display_order'],
} as const;

/** Base mode values and their aliases ("Base mode normalized values and aliases"). */
export const DSE_BASE_MODE_ALIASES: Record<string, 'subtotal' | 'impuestos' | 'total'> = {
  subtotal: 'subtotal',
  base: 'subtotal',
  impuestos: 'impuestos',
  iva: 'impuestos',
  total: 'total',
  bruto: 'total',
};

/**
 * "The client must NOT send: software_id, software_pin, clave_tecnica, resolucion, a manually
 * assigned prefix, a manual consecutive, a certificate path, a certificate password, or tax-authority
 * credentials." The contract names the first four; the other names are the sandbox's list of the
 * spellings an integrator would plausibly use for the rest (sandbox decision).
 */
export const DSE_FORBIDDEN_FIELDS: Record<string, string> = {
  software_id: 'el identificador del software',
  software_pin: 'el PIN del software',
  clave_tecnica: 'la clave técnica',
  resolucion: 'la resolución de numeración',
  resolucion_id: 'la resolución de numeración',
  prefijo: 'el prefijo',
  prefix: 'el prefijo',
  consecutivo: 'el consecutivo',
  numero: 'el consecutivo',
  number: 'el consecutivo',
  certificado: 'el certificado',
  certificate: 'el certificado',
  certificate_path: 'la ruta del certificado',
  cert_path: 'la ruta del certificado',
  ruta_certificado: 'la ruta del certificado',
  certificate_password: 'la clave del certificado',
  cert_password: 'la clave del certificado',
  clave_certificado: 'la clave del certificado',
  dian_username: 'las credenciales de la DIAN',
  dian_password: 'las credenciales de la DIAN',
  dian_credentials: 'las credenciales de la DIAN',
  usuario_dian: 'las credenciales de la DIAN',
  clave_dian: 'las credenciales de la DIAN',
};
