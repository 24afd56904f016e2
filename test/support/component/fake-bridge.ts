// The one fake of `window.facturaDesk` for component tests, typed from the RPC contract: a handler is
// keyed by a contract method and answers that method's output, so a renamed method or a changed output
// fails the typecheck here as it does in core. Like core's registry (src/core/rpc/registry.ts) it
// checks what crosses: an input core would refuse or an output core would never send fails the test.
import { act } from '@testing-library/react';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { z } from 'zod';
import type { RpcBridge } from '#shared/rpc/bridge';
import { rpcContract, type MethodName, type RpcContract } from '#shared/rpc/contract';
import type { InputOf, OutputOf } from '#shared/rpc/define';
import type { RpcEventMessage, RpcReply } from '#shared/rpc/envelope';
import { AppError, type ErrorCode, type RpcErrorShape } from '#shared/rpc/errors';
import type { EventName, EventPayload } from '#shared/rpc/events';

/** Answers one method; throw an AppError (or use `rpcError`) for an `{ ok: false }` reply. */
export type FakeHandler<K extends MethodName> = (
  input: InputOf<RpcContract, K>,
) => OutputOf<RpcContract, K> | Promise<OutputOf<RpcContract, K>>;

export type FakeHandlers = { [K in MethodName]?: FakeHandler<K> };

/** One call the renderer made to `K`, as it sent it. */
export interface CallTo<K extends MethodName> {
  method: K;
  input: InputOf<RpcContract, K>;
}

/** One call the renderer made, to any method. */
export type FakeCall = { [K in MethodName]: CallTo<K> }[MethodName];

export interface FakeBridge {
  /** What `window.facturaDesk` holds. */
  readonly bridge: RpcBridge;
  /** Every call in order (cleared before each test when installed with `installFakeBridge`). */
  readonly calls: FakeCall[];
  /** The calls to one method, in order (the same objects as in `calls`). */
  callsTo<K extends MethodName>(method: K): CallTo<K>[];
  /** The inputs sent to one method, in order. */
  inputsOf<K extends MethodName>(method: K): InputOf<RpcContract, K>[];
  /** The methods called, in order (one entry per call). */
  methods(): MethodName[];
  /** Pushes an event to the renderer's listeners, as core does, inside React's act(). */
  emit<K extends EventName>(event: K, payload: EventPayload<K>): void;
  /**
   * Throws (failing the test) if the renderer sent an input core refuses or a method outside the
   * contract, or a handler answered what core never would or threw something that is not an AppError.
   */
  assertNoProblems(): void;
}

/** A typed error reply, as core's handlers throw it. */
export function rpcError(code: ErrorCode, message: string, details?: RpcErrorShape['details']): AppError {
  return new AppError(code, message, details);
}

export function createFakeBridge(handlers: FakeHandlers = {}): FakeBridge {
  const calls: FakeCall[] = [];
  const listeners = new Set<(message: RpcEventMessage) => void>();
  const problems: string[] = [];
  let nextId = 0;

  function callsTo<K extends MethodName>(method: K): CallTo<K>[] {
    return calls.filter((call): call is FakeCall & CallTo<K> => call.method === method);
  }

  const failure = (id: number, error: RpcErrorShape): RpcReply => ({ id, ok: false, error });

  async function invoke(method: string, input: unknown): Promise<RpcReply> {
    const id = (nextId += 1);
    if (!Object.hasOwn(rpcContract, method)) {
      problems.push(`«${method}» is not a method of the contract`);
      return failure(id, { code: 'unknown_method', message: `fake bridge: «${method}» is not in the contract` });
    }
    const name = method as MethodName;
    calls.push({ method: name, input } as FakeCall);
    const handler = handlers[name] as ((input: unknown) => unknown) | undefined;
    // An unexpected call: the test sees an error naming it, as it would see any refusal.
    if (!handler) return failure(id, { code: 'unknown_method', message: `fake bridge: no handler for «${method}»` });
    const spec = rpcContract[name];
    const parsedInput = spec.input.safeParse(input);
    if (!parsedInput.success) {
      problems.push(`the renderer sent «${method}» an input core refuses:\n${z.prettifyError(parsedInput.error)}`);
      return failure(id, { code: 'invalid_input', message: `fake bridge: invalid input for «${method}»` });
    }
    try {
      const output = await handler(input);
      const checked = spec.output.safeParse(output);
      if (!checked.success) {
        problems.push(`the fake's «${method}» answered what core never would:\n${z.prettifyError(checked.error)}`);
        return failure(id, { code: 'internal', message: `fake bridge: invalid output for «${method}»` });
      }
      return { id, ok: true, output: checked.data };
    } catch (error) {
      if (error instanceof AppError) return failure(id, error.toShape());
      problems.push(`the fake's «${method}» threw: ${error instanceof Error ? error.message : String(error)}`);
      return failure(id, { code: 'internal', message: `fake bridge: «${method}» threw` });
    }
  }

  return {
    bridge: {
      invoke,
      on(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    },
    calls,
    callsTo,
    inputsOf: (method) => callsTo(method).map((call) => call.input),
    methods: () => calls.map((call) => call.method),
    emit(event, payload) {
      act(() => {
        for (const listener of [...listeners]) listener({ event, payload });
      });
    },
    assertNoProblems() {
      const found = problems.splice(0);
      if (found.length > 0) throw new Error(`fake bridge:\n${found.join('\n')}`);
    },
  };
}

/**
 * Installs a fake on `window.facturaDesk` now (call it at the top of a test file, before the renderer's
 * modules are imported: the transport takes the bridge when it loads), clears its calls before each
 * test, fails a test whose fake broke the contract, and puts the previous bridge back after the file.
 */
export function installFakeBridge(handlers: FakeHandlers = {}): FakeBridge {
  const fake = createFakeBridge(handlers);
  const previous = window.facturaDesk;
  window.facturaDesk = fake.bridge;
  beforeEach(() => {
    fake.calls.length = 0;
  });
  afterEach(() => fake.assertNoProblems());
  afterAll(() => {
    window.facturaDesk = previous;
  });
  return fake;
}
