// Every scenario, in the order the table shows them.
import type { Scenario } from '../lib/scenario';
import { catalogSearchPostgresScenario, catalogSearchScenario } from './catalog-search';
import { historyOpenScenario } from './history-open';
import { historySearchScenario } from './history-search';
import { historySearchPostgresScenario } from './history-search-postgres';
import { hostMemoryScenario } from './host-memory';
import { pollerScenario } from './poller';
import { rendererSizeScenario } from './renderer-size';
import { rendererStartScenario } from './renderer-start';
import { csvRssScenario, reportYearPostgresScenario, reportYearScenario, xlsxRssScenario } from './reports';
import { registersScenario } from './registers';
import { sandboxThroughputScenario } from './sandbox-throughput';
import { scanToLineScenario } from './scan-to-line';
import { shiftCloseScenario } from './shift-close';
import { submissionScenario } from './submission';
import { totalsScenario } from './totals';
import { typingScenario } from './typing';

export const scenarios: Scenario[] = [
  totalsScenario,
  typingScenario,
  historySearchScenario,
  historySearchPostgresScenario,
  historyOpenScenario,
  catalogSearchScenario,
  catalogSearchPostgresScenario,
  scanToLineScenario,
  shiftCloseScenario,
  submissionScenario,
  registersScenario,
  sandboxThroughputScenario,
  rendererSizeScenario,
  rendererStartScenario,
  hostMemoryScenario,
  pollerScenario,
  reportYearScenario,
  reportYearPostgresScenario,
  xlsxRssScenario,
  csvRssScenario,
];
