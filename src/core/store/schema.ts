// The tables of the store at the latest schema (30), as the typed query layer (Kysely) sees them on both engines.
// Written once from a migrated SQLite file and kept by hand: a migration that adds or changes a
// column changes its table here in the same commit. FTS5 tables, their shadow tables and views are
// SQLite's own search machinery and are not part of it.
//
// Types are what both drivers return: integers as numbers (PostgreSQL's BIGINT is read as a number,
// engine.ts), text as strings, BLOB/BYTEA as Buffer; 0/1 flags stay integers on both engines.
import type { Generated } from 'kysely';

export interface AcquirerLookupsTable {
  connection_id: number;
  identification_type: string;
  identification_number: string;
  body: string;
  read_at: string;
}

export interface CatalogBarcodesTable {
  connection_id: number;
  barcode: string;
  product_id: number;
}

export interface CatalogProductsTable {
  id: Generated<number>;
  connection_id: number;
  code: string;
  description: string;
  unit_price: string;
  price_includes_tax: number;
  tax_rate: string;
  unit: string;
  unspsc: string | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * PostgreSQL only (migration 0030): a product's folded words under a trigram index, the product
 * search's index there (SQLite's is the FTS5 table catalog_search).
 */
export interface CatalogSearchWordsTable {
  product_id: number;
  words: string;
}

export interface CompanyListsTable {
  connection_id: number;
  name: string;
  body: string;
  read_at: string;
}

export interface ConnectionsTable {
  id: Generated<number>;
  label: string;
  kind: string;
  base_url: string;
  company_id: number;
  embedded: Generated<number>;
  active: Generated<number>;
  created_at: string;
  trusted_ca: string | null;
}

export interface CostCentersTable {
  connection_id: number;
  id: number;
  code: string;
  name: string;
}

export interface CustomersTable {
  id: Generated<number>;
  connection_id: number;
  tipo_doc: string;
  numero_doc: string;
  nombre: string;
  email: Generated<string>;
  direccion: Generated<string>;
  telefono: Generated<string>;
  search_text: string;
  active: Generated<number>;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DseCorrectionsTable {
  connection_id: number;
  correction_key: string;
  rejected_submission_id: number;
  created_at: string;
}

export interface FeWithholdingTypesTable {
  connection_id: number;
  position: number;
  type: string;
  label: string;
  base_mode: string;
}

export interface FormDraftsTable {
  kind: string;
  connection_id: number;
  idempotency_key: string;
  data: string;
  updated_at: string;
}

export interface HistoryDocumentsTable {
  id: Generated<number>;
  connection_id: number;
  kind: string;
  remote_id: number;
  tipo_dian: string;
  number: string;
  prefijo: string;
  consecutivo: number;
  estado_dian: string;
  fiscal_key: string;
  issue_date: string;
  counterpart_name: string;
  counterpart_doc: string;
  subtotal: string;
  impuestos: string;
  total: string;
  total_cents: number;
  moneda: string;
  items_text: string;
  document_json: string;
  submission_id: number | null;
  synced_at: string;
}

export interface HistorySyncStateTable {
  connection_id: number;
  next_page: Generated<number>;
  total_pages: number | null;
  total_documents: number | null;
  synced_documents: Generated<number>;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  warning: string | null;
}

export interface InstallationTable {
  singleton: number;
  id: string;
}

export interface IssuerProfilesTable {
  connection_id: number;
  nombre: string;
  nit: string;
  direccion: Generated<string>;
  ciudad: Generated<string>;
  email: Generated<string>;
  telefono: Generated<string>;
  updated_at: string;
  dv: Generated<string>;
  logo: Generated<string>;
  resolucion_json: string | null;
  plan: Generated<string>;
  contingencia_json: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  submission_id: number;
  replaced_id: number | null;
  kind: string;
  local_ref: string;
  original_hash: string;
  queued_at: string;
  deadline_at: string;
  warned: Generated<string>;
  transmitted_at: string | null;
  last_error: string | null;
  ticket_resolution: string | null;
  ticket_prefix: string | null;
  ticket_number: number | null;
  ticket_json: string | null;
  ticket_problem: string | null;
}

/** Contingency ticket numbers held by a register for selling without the caja principal (ticket-blocks.ts). */
export interface TicketBlocksTable {
  id: Generated<number>;
  register_id: string;
  ticket_resolution: string;
  ticket_prefix: string;
  first_number: number;
  last_number: number;
  reserved_at: string;
}

/** A sale's shift, staged under its key until the ledger inserts the submission (migration 0037). */
export interface ShiftSalesStagedTable {
  base_url: string;
  company_id: number;
  idempotency_key: string;
  shift_id: number;
  cashier_id: number;
}

export interface OutboxChecksTable {
  connection_id: number;
  last_check_at: string;
  reachable: number;
}

export interface OutboxMetaTable {
  singleton: number;
  last_check_at: string | null;
  reachable: number | null;
  window_hours: number | null;
}

export interface PollScheduleTable {
  submission_id: number;
  due_at: number;
  checks: Generated<number>;
  last_error: string | null;
}

export interface PrintSettingsTable {
  connection_id: number;
  layout: Generated<string>;
  auto_print: Generated<number>;
  printer: Generated<string>;
  updated_at: string;
}

export interface ReceiptPrinterTable {
  id: Generated<number>;
  connection: string;
  host: string;
  port: number;
  queue: string;
  columns: number;
  code_page: string;
  native_qr: number;
  drawer_on_cash: number;
  updated_at: string;
}

export interface ReportAmountsTable {
  history_id: number;
  fact: string;
  code: string;
  name: string;
  rate: string;
  base_mode: string | null;
  base_cents: number;
  amount_cents: number;
}

export interface ReportDocumentsTable {
  history_id: number;
  submission_id: number | null;
  period_from: string | null;
  period_to: string | null;
}

export interface SubmissionEventsTable {
  id: Generated<number>;
  submission_id: number;
  at: string;
  state: string;
  attempts: number;
  http_status: number | null;
  estado_dian: string | null;
  document_id: number | null;
  response_body: string | null;
  error_code: string | null;
  error_message: string | null;
}

export interface SubmissionsTable {
  id: Generated<number>;
  connection_id: number;
  base_url: string;
  company_id: number;
  kind: string;
  idempotency_key: string;
  endpoint_path: string;
  request_body: Buffer;
  payload_hash: string;
  state: string;
  attempts: Generated<number>;
  counterpart: string | null;
  http_status: number | null;
  document_id: number | null;
  document_number: string | null;
  fiscal_key: string | null;
  estado_dian: string | null;
  response_body: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  last_attempt_at: string | null;
  credential: string | null;
  content_hash: string | null;
  unreachable_attempts: Generated<number>;
  field_errors: string | null;
  rejection: string | null;
  ticket_ref: string | null;
  /** The process that holds the submission's claim now (migration 0029), until `claimed_until` (epoch ms). */
  claimed_by: string | null;
  claimed_until: number | null;
}

export interface CashiersTable {
  id: Generated<number>;
  name: string;
  role: 'cajero' | 'administrador';
  pin_salt: string;
  pin_key: string;
  active: Generated<number>;
  created_at: string;
}

/** One register of the shop (migration 0034): its id is the one its data folder keeps (registers/register-identity.ts). */
export interface RegistersTable {
  id: string;
  name: string;
  created_at: string;
  last_seen_at: string;
  removed_at: string | null;
  /** 1 for the register carried over from the one-register schema until a data folder takes it */
  unclaimed: Generated<number>;
  stay_signed_in: Generated<number>;
  signed_in_cashier: number | null;
  failed_pins: Generated<number>;
  locked_until: string | null;
}

export interface ShiftsTable {
  id: Generated<number>;
  /** the register's name when the shift opened; the register itself is `register_id` (migration 0034) */
  register_name: string;
  register_id: string;
  cashier_id: number;
  opening_float: string;
  opened_at: string;
  closed_at: string | null;
  closed_by: number | null;
  sales_documents: number | null;
  sales_total: string | null;
  cash_documents: number | null;
  rejected_documents: number | null;
  cash_received: string | null;
  change_given: string | null;
  cash_in: string | null;
  cash_out: string | null;
  expected_cash: string | null;
  counted_cash: string | null;
  difference: string | null;
  counted_by_denomination: string | null;
  difference_accepted_by: number | null;
}

export interface ShiftMovementsTable {
  id: Generated<number>;
  shift_id: number;
  kind: 'in' | 'out';
  amount: string;
  reason: string;
  cashier_id: number;
  created_at: string;
}

export interface ShiftSalesTable {
  submission_id: number;
  shift_id: number;
  cashier_id: number;
}

export interface SalePaymentsTable {
  submission_id: number;
  position: number;
  means: string;
  method_id: number;
  label: string;
  amount: string;
  received: string | null;
  change: string | null;
}

export interface SalePaymentsStagedTable {
  base_url: string;
  company_id: number;
  idempotency_key: string;
  position: number;
  means: string;
  method_id: number;
  label: string;
  amount: string;
  received: string | null;
  change: string | null;
}

export interface Schema {
  acquirer_lookups: AcquirerLookupsTable;
  cashiers: CashiersTable;
  catalog_barcodes: CatalogBarcodesTable;
  catalog_products: CatalogProductsTable;
  catalog_search_words: CatalogSearchWordsTable;
  company_lists: CompanyListsTable;
  connections: ConnectionsTable;
  cost_centers: CostCentersTable;
  customers: CustomersTable;
  dse_corrections: DseCorrectionsTable;
  fe_withholding_types: FeWithholdingTypesTable;
  form_drafts: FormDraftsTable;
  history_documents: HistoryDocumentsTable;
  history_sync_state: HistorySyncStateTable;
  installation: InstallationTable;
  issuer_profiles: IssuerProfilesTable;
  outbox: OutboxTable;
  outbox_checks: OutboxChecksTable;
  outbox_meta: OutboxMetaTable;
  poll_schedule: PollScheduleTable;
  print_settings: PrintSettingsTable;
  registers: RegistersTable;
  receipt_printer: ReceiptPrinterTable;
  report_amounts: ReportAmountsTable;
  report_documents: ReportDocumentsTable;
  sale_payments: SalePaymentsTable;
  sale_payments_staged: SalePaymentsStagedTable;
  shift_movements: ShiftMovementsTable;
  shift_sales: ShiftSalesTable;
  shift_sales_staged: ShiftSalesStagedTable;
  shifts: ShiftsTable;
  submission_events: SubmissionEventsTable;
  submissions: SubmissionsTable;
  ticket_blocks: TicketBlocksTable;
}
