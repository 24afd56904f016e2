// A fixed-size pool of worker threads, each running one task at a time, so that CPU-bound work
// (building and signing XML) leaves the HTTP event loop free. Workers start when first needed; a
// worker that dies (uncaught error, exit, out of memory) fails only the task it was running, and a
// new one takes its place for the next task.
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

interface TaskMessage<In> {
  id: number;
  input: In;
}

type ResultMessage<Out> = { id: number; ok: true; output: Out } | { id: number; ok: false; message: string };

/** The worker running the task died before answering; the task may be tried again. */
export class WorkerCrashedError extends Error {}

/** The pool was closed before the task ran or finished. */
export class PoolClosedError extends Error {}

interface Task<In, Out> {
  id: number;
  input: In;
  resolve(output: Out): void;
  reject(error: Error): void;
}

interface Slot<In, Out> {
  worker: Worker;
  task: Task<In, Out> | null;
  error: Error | null;
}

export interface WorkerPoolOptions {
  /** absolute path of the worker's entry module (.js, or .ts when running from source) */
  entry: string;
  /** at most this many threads */
  size: number;
  /** handed to every worker as `workerData` */
  workerData?: unknown;
  log?(message: string): void;
}

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot<In, Out>>();
  private readonly queue: Task<In, Out>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`tamaño de pool inválido: ${options.size}`);
  }

  /** Runs one task on the first free worker (tasks wait in order when all are busy). */
  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolClosedError('el pool de hilos está cerrado'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  /** Threads alive now (started lazily, replaced after a crash). */
  get threads(): number {
    return this.slots.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new PoolClosedError('el pool de hilos se cerró'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot) {
        if (this.slots.size >= this.options.size) return;
        slot = this.spawn();
      }
      const task = this.queue.shift() as Task<In, Out>;
      slot.task = task;
      // A busy worker keeps the process alive; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, input: task.input } satisfies TaskMessage<In>);
    }
  }

  private spawn(): Slot<In, Out> {
    const slot: Slot<In, Out> = { worker: startWorker(this.options.entry, this.options.workerData), task: null, error: null };
    slot.worker.unref();
    slot.worker.on('message', (message: ResultMessage<Out>) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      slot.worker.unref();
      if (message.ok) task.resolve(message.output);
      else task.reject(new Error(message.message));
      this.dispatch();
    });
    slot.worker.on('error', (error: unknown) => {
      slot.error = error instanceof Error ? error : new Error(String(error));
    });
    slot.worker.on('exit', (code) => {
      this.slots.delete(slot);
      const task = slot.task;
      slot.task = null;
      if (this.closed) {
        task?.reject(new PoolClosedError('el pool de hilos se cerró'));
        return;
      }
      const why = slot.error ? slot.error.message : `código de salida ${code}`;
      this.options.log?.(`un hilo de trabajo terminó (${why})${task ? '; su tarea falló' : ''}`);
      task?.reject(new WorkerCrashedError(`el hilo de trabajo terminó antes de responder (${why})`));
      this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }
}

function startWorker(entry: string, workerData: unknown): Worker {
  if (extname(entry) !== '.ts') return new Worker(entry, { workerData });
  // Running from TypeScript source: the thread registers tsx before importing its entry.
  return new Worker(join(dirname(fileURLToPath(import.meta.url)), 'tsx-bootstrap.mjs'), { workerData, argv: [entry] });
}

/** The worker side: answers every task message with `handle`'s result or its error's message. */
export function serveTasks<In, Out>(handle: (input: In) => Out): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks solo corre dentro de un hilo de trabajo');
  port.on('message', (message: TaskMessage<In>) => {
    let reply: ResultMessage<Out>;
    try {
      reply = { id: message.id, ok: true, output: handle(message.input) };
    } catch (error) {
      reply = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
