// Every scenario, in the order the table shows them.
import type { Scenario } from '../lib/scenario';
import { historySearchScenario } from './history-search';
import { pollerScenario } from './poller';
import { rendererSizeScenario } from './renderer-size';
import { sandboxThroughputScenario } from './sandbox-throughput';
import { submissionScenario } from './submission';
import { totalsScenario } from './totals';

export const scenarios: Scenario[] = [totalsScenario, historySearchScenario, submissionScenario, sandboxThroughputScenario, rendererSizeScenario, pollerScenario];
