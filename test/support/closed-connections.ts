// After a server drops its connections, the client's keep-alive pool still holds them until it has
// read each one's end; a request sent on such a connection may fail as "perhaps read" rather than
// "refused". Tests that need the next request to meet the new state of the server wait for the pool
// to let go: no connection to the port is left open on the client's side. Read from the kernel's
// table of TCP connections (Linux), so it also sees the pool of an app in another process.
import { readFileSync } from 'node:fs';
import { waitFor } from './wait';

/** Open on our side: established, or the peer has closed and we have not yet (close-wait). */
const OPEN_STATES = new Set(['01', '08']);

function openConnectionsTo(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 4) continue;
      const remotePort = fields[2]!.split(':')[1];
      if (remotePort === hexPort && OPEN_STATES.has(fields[3]!)) count += 1;
    }
  }
  return count;
}

/** Until no connection to `port` on loopback is still open on the client's side. */
export async function connectionsClosedTo(port: number): Promise<void> {
  await waitFor(() => openConnectionsTo(port) === 0, { what: `every connection to port ${port} closed` });
}

/** The port of an address such as http://127.0.0.1:4010/api/v1. */
export const portOf = (url: string): number => Number(new URL(url).port);
