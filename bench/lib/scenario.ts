// A benchmark scenario and what the harness hands it.
import type { GeneratedDoc } from '#test/history-generator';
import type { Figure } from './figure';

export interface HistoryHome {
  home: string;
  connectionId: number;
  docs: GeneratedDoc[];
}

export interface BenchContext {
  /** measured runs per figure (after the warm-up) */
  runs: number;
  cores: number;
  /** this invocation's scratch folder, removed at the end */
  tmp: string;
  log(message: string): void;
  /** a core home with 100,000 generated documents, made once per invocation and shared (read it, do not change it) */
  historyHome(): Promise<HistoryHome>;
}

export interface Scenario {
  /** short id used to pick scenarios on the command line */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

/** Thrown when a scenario cannot run here (a screen not built yet, no Chromium); the harness reports it. */
export class Skip extends Error {}
