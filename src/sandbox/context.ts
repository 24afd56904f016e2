// Everything a route handler needs, built once per running sandbox.
import type { Clock } from './clock';
import type { Settler } from './authority/settler';
import type { DseSigning } from './dse/dse-signing';
import type { CompanyStore } from './storage/company-store';
import type { Db } from './storage/database';
import type { DseStore } from './storage/dse-store';
import type { FaultStore } from './storage/fault-store';
import type { FeStore } from './storage/fe-store';
import type { XmlSigning } from './xml/signing';
import type { OutageState } from './outage';

export interface SandboxContext {
  db: Db;
  clock: Clock;
  companies: CompanyStore;
  fe: FeStore;
  dse: DseStore;
  faults: FaultStore;
  settler: Settler;
  /** builds, signs and writes documents' XML (on the event loop, or in signing threads) */
  xml: XmlSigning;
  /** DSE documents numbered but not signed yet */
  dseSigning: DseSigning;
  /** folder where signed XML files are written (`<data>/xml`; `xml_path` is relative to its parent) */
  xmlDir: string;
  settleMs: number;
  /** outages on demand (docs/SANDBOX.md, "Outages") */
  outage: OutageState;
  log(message: string): void;
}
