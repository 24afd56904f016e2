// Everything a route handler needs, built once per running sandbox.
import type { Clock } from './clock';
import type { Settler } from './authority/settler';
import type { CompanyStore } from './storage/company-store';
import type { Db } from './storage/database';
import type { DseStore } from './storage/dse-store';
import type { FaultStore } from './storage/fault-store';
import type { FeStore } from './storage/fe-store';
import type { SigningCertificate } from './xml/certificate';

export interface SandboxContext {
  db: Db;
  clock: Clock;
  companies: CompanyStore;
  fe: FeStore;
  dse: DseStore;
  faults: FaultStore;
  settler: Settler;
  certificate: SigningCertificate;
  /** folder where signed XML files are written (reported as `xml_path`) */
  xmlDir: string;
  settleMs: number;
  log(message: string): void;
}
