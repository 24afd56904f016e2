// Numbered migrations, applied in order, each in its own transaction (STYLE.md, convention 6).
// Append new ones; never edit one that has shipped.
import type { Migration } from '#core/store/migration';
import { migration0001 } from './0001_connections';
import { migration0002 } from './0002_submissions';
import { migration0003 } from './0003_poll_schedule';
import { migration0004 } from './0004_history';
import { migration0005 } from './0005_drafts';
import { migration0006 } from './0006_history_view';
import { migration0007 } from './0007_cost_centers';
import { migration0008 } from './0008_fe_withholding_types';
import { migration0009 } from './0009_history_search_facets';
import { migration0010 } from './0010_history_by_kind_state';
import { migration0011 } from './0011_catalog';
import { migration0012 } from './0012_dse_corrections';
import { migration0013 } from './0013_report_facts';
import { migration0014 } from './0014_credentials';
import { migration0015 } from './0015_customers';
import { migration0016 } from './0016_report_indexes';
import { migration0017 } from './0017_issuer_profile';
import { migration0018 } from './0018_contingency';
import { migration0019 } from './0019_submission_field_errors';
import { migration0020 } from './0020_local_first';
import { migration0021 } from './0021_states_by_meaning';
import { migration0022 } from './0022_connection_trusted_ca';
import { migration0023 } from './0023_contingency_numbering';
import { migration0024 } from './0024_submission_rejection';
import { migration0025 } from './0025_receipt_printer';
import { migration0026 } from './0026_contingency_ticket_ref';
import { migration0027 } from './0027_cashiers_shifts';
import { migration0028 } from './0028_sale_payments';
import { migration0029 } from './0029_submission_claims';
import { migration0030 } from './0030_catalog_search_postgres';
import { migration0031 } from './0031_history_search';
import { migration0032 } from './0032_report_cache_refresh';
import { migration0033 } from './0033_history_words';
import { migration0034 } from './0034_registers';
import { migration0035 } from './0035_report_covering_postgres';
import { migration0036 } from './0036_ticket_blocks';
import { migration0037 } from './0037_shift_sales_staged';
import { migration0038 } from './0038_search_pending_lists';
import { migration0039 } from './0039_report_facts_unchecked_postgres';
import { migration0040 } from './0040_history_search_facets_postgres';

export const migrations: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024,
  migration0025,
  migration0026,
  migration0027,
  migration0028,
  migration0029,
  migration0030,
  migration0031,
  migration0032,
  migration0033,
  migration0034,
  migration0035,
  migration0036,
  migration0037,
  migration0038,
  migration0039,
  migration0040,
];
