// A register in a process of its own, for the three-registers scenario: forked with tsx (as `npm run
// bench` runs), its own data folder, core on the shop's PostgreSQL (register-child-main.ts). The
// parent says go and stop over the IPC channel; the register answers with what it measured.
import { fork } from 'node:child_process';
import { join, resolve } from 'node:path';

/** One DSE through core and the bare POST right after it: the submission scenario's pair. */
export interface RegisterSample {
  at: number;
  viaCore: number;
  bare: number;
}

export interface RegisterResult {
  samples: RegisterSample[];
  /** Each accepted sale of this register (`FE:id`, `DSE:id`) and when its outcome came back. */
  sales: { key: string; at: number }[];
  /** Each document another register announced, and when this register's history.list showed it. */
  shown: { key: string; at: number }[];
}

export type ToRegister = { kind: 'go' } | { kind: 'stop' };
export type FromRegister = { kind: 'ready' } | ({ kind: 'done' } & RegisterResult) | { kind: 'failed'; message: string };

export interface RegisterChild {
  go(): void;
  /** Stops selling, closes core and returns what it measured. */
  stop(): Promise<RegisterResult>;
  kill(): void;
}

const ROOT = resolve(import.meta.dirname, '..', '..');

export async function registerChild(home: string, url: string, baseUrl: string, index: number): Promise<RegisterChild> {
  const child = fork(join(import.meta.dirname, 'register-child-main.ts'), [home, url, baseUrl, String(index)], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: FromRegister[] = [];
  const waiters: ((m: FromRegister) => void)[] = [];
  let failure: string | null = null;
  child.on('message', (m: FromRegister) => {
    if (m.kind === 'failed') failure ??= m.message;
    (waiters.shift() ?? ((x: FromRegister) => messages.push(x)))(m);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const next = (): Promise<FromRegister> =>
    messages.length > 0
      ? Promise.resolve(messages.shift()!)
      : Promise.race([
          new Promise<FromRegister>((done) => waiters.push(done)),
          exited.then((): FromRegister => ({ kind: 'failed', message: failure ?? 'the register process ended' })),
        ]);
  const ready = await next();
  if (ready.kind !== 'ready') {
    child.kill();
    throw new Error(`register ${index + 1} did not open: ${ready.kind === 'failed' ? ready.message : ready.kind}`);
  }
  return {
    go: () => child.send({ kind: 'go' } satisfies ToRegister),
    async stop() {
      child.send({ kind: 'stop' } satisfies ToRegister);
      let answer = await next();
      while (answer.kind === 'ready') answer = await next();
      if (answer.kind === 'failed') throw new Error(`register ${index + 1}: ${answer.message}`);
      await exited;
      return answer;
    },
    kill: () => child.kill('SIGKILL'),
  };
}
