// Every choice the contract leaves "not shown" (or leaves to the server), as the sandbox makes it.
// Published in resources/openapi.json (x-sandbox-decisions) and in docs/SANDBOX.md.
export const SANDBOX_DECISIONS: readonly { topic: string; decision: string }[] = [
  {
    topic: 'Error bodies (400, 404, 500, FE create)',
    decision:
      'Always the envelope {ok: false, error}; plus `code` (a stable reason: unauthorized, forbidden_company, missing_scope, validation, malformed_json, payload_too_large, not_found, key_conflict, quota_exhausted, internal, acquirer_unavailable); a 400 of validation also carries `errors`: [{field, message}], one per violated rule, the field as a path such as items[0].codigo.',
  },
  {
    topic: 'Order of checks',
    decision:
      'route (404) -> bearer (401) -> company (403) -> scope (403) -> body size (413) and JSON (400) -> idempotency (409/200/202/422 for a known key) -> validation (400) -> magic 666 fault (500) -> quota (400) -> creation.',
  },
  { topic: 'Unknown routes and methods', decision: '404 in the error envelope (also for a known path with another method).' },
  {
    topic: 'Maximum request body size',
    decision: '1 MiB; larger answers 413. An empty, malformed or non-object JSON body answers 400.',
  },
  {
    topic: 'Lines per document',
    decision: 'At most 1000 items per FE or DSE document (400 naming items); the contract sets no maximum.',
  },
  { topic: 'doc_id that is not an integer', decision: '400 naming doc_id.' },
  {
    topic: 'Token issuance, lifetime, revocation',
    decision:
      'Tokens come from the seed (hashed with SHA-256 at rest, compared in constant time); `expires_at` (ISO date-time or null) and `revoked` give 401.',
  },
  {
    topic: 'FE list body and per_page bounds',
    decision:
      '{ok, docs, page, per_page, total, total_pages}; per_page defaults to 20 and is clamped to 1..100; page below 1 or non-numeric is 400; newest fecha_emision first.',
  },
  {
    topic: 'FE list filters',
    decision:
      'estado aprobado = estado_dian aceptado; rechazado = rechazado; pendiente = any other state. q matches, case-insensitively, a part of the id, prefix+number, number, CUFE, third party name or document number.',
  },
  {
    topic: 'FE estado_dian values and transitions',
    decision:
      'sending (while transmitting) -> aceptado | rechazado | en_proceso; en_proceso -> aceptado | rechazado after settle-ms (magic 333333333 / 444444444).',
  },
  {
    topic: 'FE create answers',
    decision:
      '201 accepted {ok, factura_id, cufe, estado, enviado, idempotent, prefijo, consecutivo, numero}; 422 rejected (same fields, ok false, error with the DIAN wording "Regla: CODE, Rechazo: message", and dian on a new rejection); 202 while not final (pending true, request_status creating, message); a repeated draft_key answers the same invoice (200 / 202 / 422 with idempotent true) and 409 when the payload differs. draft_key is unique per company, whatever the API client; without draft_key every POST creates an invoice.',
  },
  {
    topic: 'FE fecha_emision',
    decision:
      "Defaults to the current date in Colombia and must equal it (DIAN rule since 2024-05-01); a contingency invoice (es_contingencia true) may carry an earlier date (the sale's), never a later one.",
  },
  {
    topic: 'FE contingency',
    decision:
      'es_contingencia true is written as DIAN models contingency. With an observaciones line "Contingencia tipo 3: talonario P-N del YYYY-MM-DD HH:MM:SS. Resolución R vigente del D1 al D2, números P-A al P-B." the invoice is InvoiceTypeCode 03, numbered by the ticket (prefijo P, consecutivo N; the server\'s FE numbering is not used), generated and signed on the day it arrives (IssueDate = reception date, FAD09e), with cac:AdditionalDocumentReference to the ticket (ID, IssueDate, IssueTime, DocumentTypeCode FTC) and the contingency resolution in sts:InvoiceControl. With "Contingencia tipo 4: generada y firmada el YYYY-MM-DD HH:MM:SS." it is InvoiceTypeCode 04 dated then and signed on arrival. Without either line it is a type 03 without reference (rejected, SBX-CTG01). tipo_dian stays 01 (the contract has only 01 and 91); the document carries the sandbox addition tipo_factura (03 or 04). Rules: FAD09e, SBX-CTG01, 90 (a ticket number received twice), SBX-CTG02 (more than 48 h after the problem was solved: the end of the simulated service outage in force when the ticket was printed, or else the company\'s first type 03 invoice after it), CTG01 (type 04 signed outside a simulated authority outage), FAD05e/FAB10b/FAB07a/SBX-RES01 against the contingency resolution on the ticket\'s date.',
  },
  {
    topic: 'FE totals',
    decision:
      'Computed from the lines; client subtotal/impuestos/total, when sent, must agree within one cent per line (400 naming the field). The total must be positive.',
  },
  {
    topic: 'FE iva_incluido',
    decision:
      'gross = round(cant x unit_input); base = round(gross / (1 + rate/100)); tax = gross - base: the typed tax-inclusive price is kept exactly.',
  },
  {
    topic: 'FE tax codes',
    decision:
      'Explicit codes accepted: 01 IVA, 03 ICA, 04 INC (an explicit code wins, even at rate 0: a zero-amount tax). An untaxed line shows tipo_impuesto "No aplica", codigo_impuesto "ZZ".',
  },
  {
    topic: 'FE withholding type and base_mode values',
    decision:
      'type: the company configuration (seed fe.withholding_types, default reterenta, reteiva, reteica); base_mode: subtotal, impuestos or total; a type at most once. Withholdings do not change total; the document shows total_retenciones and neto_pagar.',
  },
  {
    topic: 'AIU iva_base_mode values',
    decision:
      'AIU_TOTAL (default: tax on A+I+U) and UTILIDAD (tax on U). A, I and U are percentages of contract_base (default: the lines subtotal) added to the subtotal; the AIU tax is IVA (01) at tax_rate.',
  },
  {
    topic: 'FE currency',
    decision:
      'COP (default) or USD; USD requires a positive applied_rate; amounts are in the invoice currency and the XML carries PaymentExchangeRate.',
  },
  {
    topic: 'FE attachment token format',
    decision: 'No public upload endpoint exists, so any token is unknown: a non-empty attachment_tokens is 400.',
  },
  {
    topic: 'FE payment',
    decision:
      'Without payment the default active method applies. method_id must be an active method of the company; means_code, when sent, must equal its payment_means_code; form must match its payment_form; credito requires due_date not before fecha_emision; contado forces no due date.',
  },
  {
    topic: 'Acquirer lookup record',
    decision:
      '{ok, acquirer: {identification_type, identification_number, dv, nombre, email, direccion}}. The simulated registry knows the company third parties; another number is 404; 502502502 is 502.',
  },
  { topic: 'Payment methods envelope', decision: '{ok, payment_methods}, inactive methods included (is_active false).' },
  {
    topic: 'DSE defaults not given by the contract',
    decision:
      'forma_pago defaults to 1 (cash). Code-like fields (forma_generacion, forma_pago, medio_pago_codigo, tipo_dian, tipo_documento, codigo) accept a string or a non-negative integer. Money, quantities and rates must be JSON numbers.',
  },
  {
    topic: 'DSE aliases',
    decision:
      'Every alias of the contract is accepted; an alias sent together with its canonical field with a different value is 400 naming the alias.',
  },
  {
    topic: 'DSE dates',
    decision:
      'A credit document (forma_pago 2) requires its due date. In forma_generacion 2, fecha_documento may be earlier than today, never later; the 7 calendar days include both ends. In forma_generacion 1, period dates sent must equal fecha_documento.',
  },
  {
    topic: 'DSE forbidden fields',
    decision:
      'Rejected by name (400): software_id, software_pin, clave_tecnica, resolucion, resolucion_id, prefijo, prefix, consecutivo, numero, number, certificado, certificate, certificate_path, cert_path, ruta_certificado, certificate_password, cert_password, clave_certificado, dian_username, dian_password, dian_credentials, usuario_dian, clave_dian; any field starting with _ at any depth.',
  },
  {
    topic: 'DSE items',
    decision:
      'precio_unitario wins over base_imponible (price = base / cantidad only when the price is missing). porcentaje_iva wins; impuesto (or the legacy monetary iva) sent with it must agree within one cent; impuesto and iva together must agree. Missing descripcion becomes "Bien o servicio <codigo>".',
  },
  {
    topic: 'DSE withholdings',
    decision:
      'The key defaults to the canonical key of the code (reteiva, reterenta, reteica); the code and the name are derived from a canonical key or name when missing; supported codes 05, 06, 07 only; base_mode defaults to impuestos for ReteIVA and subtotal otherwise; percent or amount is required.',
  },
  {
    topic: 'DSE Idempotency-Key',
    decision:
      'Scoped to company and API client. request_key/draft_key in the body are used when the header is absent; when both are present they must be equal (400). The payload hash is SHA-256 of the canonical JSON of the whole body (keys sorted at every depth, no whitespace).',
  },
  {
    topic: 'DSE pending, request_status, accounting_status',
    decision:
      'pending is true in every non-terminal state. request_status is always creating on a 202. accounting_status is pending until aceptado (posted) or rechazado (not_posted).',
  },
  {
    topic: 'DSE states produced',
    decision:
      'firmado -> sending -> aceptado | rechazado | en_proceso_http; en_proceso_http -> aceptado | rechazado after settle-ms. enviado, en_proceso and send_unknown are never produced by the sandbox.',
  },
  {
    topic: 'DSE 422 and 202 bodies',
    decision:
      '422: {ok false, error, pending false, idempotent, documento, dian (new documents)}; error and documento.last_status_error carry the DIAN wording "Regla: CODE, Rechazo: message" (several joined by "; "). 202 also carries documento {id, estado_dian, prefijo, consecutivo, cuds} when the document exists. Replay and 502 documents carry those same five fields.',
  },
  {
    topic: 'Rules of the simulated tax authority',
    decision:
      'Every transmitted XML (FE and DSE) is checked, after signing, against a documented subset of the DIAN validation rules (x-authority-rules, each with its DIAN code for FE and DSE and where the code comes from). A document that breaks any rule is recorded rechazado and answered 422 at once, whatever its counterpart: DSE as the contract says; FE with {ok false, error, estado rechazado, ...} plus dian. dian is {is_valid false, status_code "99", status_description, status_message "Regla: CODE, Rechazo: message; ...", errores: [{regla, mensaje, campo}]}; campo is the request field the rule points at (e.g. proveedor.codigo_municipio, items[0].unidad_medida) or null when the value comes from the company configuration. The magic outcomes apply to documents that meet every rule; the magic rejections (222222222, and 444444444 once settled) read "Regla: SBX-SIM01, Rechazo: Rechazo simulado del sandbox: ..." (a sandbox code: no DIAN rule is broken); the dian.errores of a new one names that rule with campo proveedor.nit (DSE) or receptor.numero_doc (FE). Amount products (quantity x price, base x percent) are compared within 1.00; sums exactly to the cent.',
  },
  {
    topic: 'FE receptor municipality',
    decision:
      'Sandbox addition: receptor may carry codigo_municipio, municipio, codigo_departamento and departamento (DIVIPOLA, strings); they are written in the customer address of the XML and checked by the tax authority (SBX-DIR01, campo receptor.*). Without them the customer address carries only direccion (the contract gives no more). A value that is not a string is 400 naming it.',
  },
  {
    topic: 'DSE tasa_cambio',
    decision:
      'Sandbox addition: tasa_cambio (a positive JSON number, COP per unit of moneda) is written as cac:PaymentExchangeRate (source moneda, target COP, date fecha_documento). A DSE not in COP without it is rejected by the tax authority (DSAD15a); a tasa_cambio that is not a positive number is 400.',
  },
  {
    topic: 'Signature',
    decision:
      'XAdES-EPES enveloped in the second UBL extension: C14N 1.0, RSA-SHA256, three SHA-256 references (the document with enveloped-signature and C14N transforms, KeyInfo, SignedProperties), SigningTime in Colombia with -05:00, SigningCertificate (SHA-256 digest, issuer in RFC 2253, serial), the DIAN signature policy v2 (identifier https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf, SHA-256 dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=), ClaimedRole supplier. The certificate is the sandbox own self-signed one.',
  },
  {
    topic: 'DSE document cost_center_id and third party',
    decision:
      'cost_center_id is the single cost center of the items, null when none or several. The supplier becomes (or is found as) a third party of the company by document number; an existing one keeps its name.',
  },
  {
    topic: 'Quotas',
    decision:
      'The yearly term is the calendar year of the current Colombian date; every production document of the module created in it counts, plus the seed `used`. Exhausted: 400 with code quota_exhausted.',
  },
  {
    topic: 'Numbering, resolution, environment',
    decision:
      'Per company and module from the seed (prefix, next_number, resolution defaulting to DIAN test values). A company with habilitacion true issues enablement documents (ProfileExecutionID 2, es_habilitacion true, excluded from listings).',
  },
  {
    topic: 'xml_path',
    decision:
      'Relative to the sandbox data folder (xml/fe/<company>/<number>.xml, xml/dse/<company>/<number>.xml); never an absolute path.',
  },
  {
    topic: 'Clock and settlement',
    decision:
      '--now freezes every current-date rule and timestamp; settle-ms runs on real elapsed time and survives a restart (settle times are stored).',
  },
  {
    topic: 'Seed and data folder',
    decision:
      'The seed is applied when the database is created; later starts with the same --data keep the data and ignore seed changes.',
  },
];
