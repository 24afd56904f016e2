// A worker for the pool's tests: doubles a number, fails a task on request, or dies on request.
import { serveTasks } from '#sandbox/workers/pool';

export type TestTask = { op: 'double'; n: number } | { op: 'fail' } | { op: 'exit' } | { op: 'uncaught-later' };

serveTasks<TestTask, number>((task) => {
  switch (task.op) {
    case 'double':
      return task.n * 2;
    case 'fail':
      throw new Error('tarea rechazada por el hilo');
    case 'exit':
      // process.exit in a worker thread ends only that thread, as a crash would.
      return process.exit(3);
    case 'uncaught-later':
      // answers, then dies while idle of an exception nobody catches
      setImmediate(() => {
        throw new Error('fallo fuera de la tarea');
      });
      return 0;
  }
});
