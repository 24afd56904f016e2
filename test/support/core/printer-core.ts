// A core in a fresh data folder with the virtual ESC/POS printer on loopback beside it, for the
// integration tests of the receipt printer: calls go through core's real dispatcher, `ok` returns
// the output or throws with the error, `network` is the printer's settings on a port (the virtual
// printer's unless told), `closedPort` a port nothing listens on (a printer switched off).
import { createServer } from 'node:net';
import { createCore, type Core } from '#core/core';
import type { RpcReply } from '#shared/rpc/envelope';
import { DEFAULT_THERMAL, type ThermalSettings } from '#shared/rpc/methods/print';
import { memorySecrets } from '#test/core/memory-secrets';
import { tempDir } from '#test/temp';
import { startVirtualPrinter, type VirtualPrinter } from '#test/virtual-printer';

export interface PrinterCore {
  core: Core;
  printer: VirtualPrinter;
  call(method: string, input: unknown): Promise<RpcReply>;
  ok<T>(method: string, input: unknown): Promise<T>;
  /** a network printer on 127.0.0.1, on the virtual printer's port unless another is given */
  network(port?: number): ThermalSettings;
  close(): Promise<void>;
}

/** A port nothing listens on: a printer switched off. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

export async function openPrinterCore(options: { clock?: () => Date } = {}): Promise<PrinterCore> {
  const printer = await startVirtualPrinter();
  const dir = tempDir();
  const core = createCore({
    home: dir.path,
    secrets: memorySecrets(),
    transport: 'cli',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let nextId = 1;
  const call = (method: string, input: unknown): Promise<RpcReply> => core.dispatch({ id: nextId++, method, input });
  return {
    core,
    printer,
    call,
    ok: async <T>(method: string, input: unknown): Promise<T> => {
      const reply = await call(method, input);
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
      return reply.output as T;
    },
    network: (port = printer.port) => ({ ...DEFAULT_THERMAL, connection: 'network', host: '127.0.0.1', port }),
    close: async () => {
      await core.close();
      await printer.close();
      dir.remove();
    },
  };
}
