// Run by tsx in a child process with no Secret Service (the test points DBUS_SESSION_BUS_ADDRESS
// nowhere): starts the host as `npm start` does, with the real OS keychain binding and the embedded
// sandbox, sells one invoice on the embedded connection, then tries to keep a real provider's token.
// Prints one line of JSON with every answer.
// Usage: tsx test/support/keyless-host-probe.ts HOME
import { startHost } from '#main/host';
import { osKeychain } from '#core/vault/os-keychain';
import { FileLogger } from '#core/log/logger';
import { fe, MAGIC } from './requests/outcomes';

const [home] = process.argv.slice(2) as [string];
const host = await startHost({ home, secrets: osKeychain, transport: 'web', logger: new FileLogger(null) });
const call = (method: string, input: unknown) => host.dispatcher.dispatch({ id: 1, method, input });
const listed = await call('connections.list', {});
const keychain = await call('connections.keychain', {});
const request = fe(MAGIC.accept);
const sale = await call('fe.submit', { request: { ...request, payment: { ...request.payment, method_id: 1 } } });
const real = await call('connections.create', {
  label: 'Mi proveedor',
  kind: 'production',
  base_url: 'https://api.proveedor.example/api/v1',
  company_id: 7,
});
const realId = real.ok ? (real.output as { id: number }).id : 0;
const setToken = await call('connections.setToken', { id: realId, token: 'token-real-de-prueba-123' });
const afterReal = await call('connections.list', {});
await host.close();
process.stdout.write(`${JSON.stringify({ listed, keychain, sale, setToken, afterReal })}\n`);
