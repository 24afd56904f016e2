// The core process of bench/lib/core-child.ts (bundled and run with plain Node): opens core on the
// home given, starts its background work when told, and on stop closes core and sends back the
// requests it made and V8's collections meanwhile.
import type { FromChild, ToChild } from './core-child';
import { observeGc } from './core-child';
import { openCore } from './core';
import { loggingFetch } from './request-log';
import { trustedRoots } from '#core/api/trusted-roots';
import { osKeychain } from '#core/vault/os-keychain';

const home = process.argv[2]!;
const logged = loggingFetch();
const core = openCore(home, { secrets: osKeychain, fetch: logged.fetch });
const reply = (m: FromChild) => process.send!(m);
let gcs: ReturnType<typeof observeGc> | null = null;
let from = 0;

process.on('message', (m: ToChild) => {
  if (m.kind === 'start') {
    gcs = observeGc();
    from = Date.now();
    core.startBackground().catch((error: unknown) => reply({ kind: 'failed', message: String(error) }));
    return;
  }
  const to = Date.now();
  gcs?.stop();
  core
    .close()
    .then(() => {
      // core's transport may keep sockets open: the process ends once the answer is sent
      const answer: FromChild = {
        kind: 'stopped',
        requests: logged.requests.filter((r) => r.start <= to),
        gcs: gcs?.entries ?? [],
        from,
        to,
      };
      process.send!(answer, () => process.exit(0));
    })
    .catch((error: unknown) => reply({ kind: 'failed', message: String(error) }));
});
// Core reads the OS's certificate store once when it opens (some hundred files and, here, ~20 MB of
// heap collected in the next seconds): that is the app's launch, not its idle time, so the window
// opens once it is done.
trustedRoots()
  .catch(() => undefined)
  .then(() => reply({ kind: 'ready' }));
