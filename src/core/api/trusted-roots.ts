// Which certificate authorities an API request trusts: Node's bundled roots, the operating system's
// store (a root the shop's antivirus or company installed is trusted like any other) and, per
// connection, the provider's own authority the user chose in Ajustes › Conexión
// (docs/CLIENT-DECISIONS.md, "TLS"). Every API request goes through an agent built from them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import * as tls from 'node:tls';
import { systemCertsAsync } from 'system-ca';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Where this process's roots came from (support information and tests). */
export interface TrustedRoots {
  certificates: readonly string[];
  /** 'node' when Node itself reads the OS store (22.15 and later), 'system-ca' before, 'none' when it could not be read. */
  systemSource: 'node' | 'system-ca' | 'none';
  /** How many certificates the OS store gave. */
  systemCount: number;
  /** Why the OS store could not be read, when it could not (the bundled roots are still used). */
  systemProblem: string | null;
}

type GetCaCertificates = (type: 'system' | 'bundled' | 'default' | 'extra') => string[];

/**
 * The OS store's roots. Node 22.15+ (Electron 45's Node 22) reads it itself (`tls.getCACertificates`),
 * which is preferred; Node 20 (the web host and the CLI) has no such call, so `system-ca` reads it:
 * the Windows ROOT and CA stores and the macOS keychains through its native helpers, and on Linux the
 * distribution's bundle files and certificate folders (SSL_CERT_FILE and SSL_CERT_DIR replace them).
 */
async function systemRoots(
  env: NodeJS.ProcessEnv,
): Promise<Pick<TrustedRoots, 'systemSource' | 'systemProblem'> & { certs: string[] }> {
  const getCaCertificates = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof getCaCertificates === 'function' && env === process.env) {
    try {
      return { certs: getCaCertificates('system'), systemSource: 'node', systemProblem: null };
    } catch {
      // An older 22.x knows only 'default' and 'bundled': the package reads the store instead.
    }
  }
  try {
    return { certs: await systemCertsAsync({ env }), systemSource: 'system-ca', systemProblem: null };
  } catch (error) {
    return { certs: [], systemSource: 'none', systemProblem: error instanceof Error ? error.message : String(error) };
  }
}

/** NODE_EXTRA_CA_CERTS is part of Node's own default trust; an explicit list of roots would drop it. */
function extraRoots(env: NodeJS.ProcessEnv): string[] {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return readFileSync(file, 'utf8').match(PEM_CERTIFICATE) ?? [];
  } catch {
    return [];
  }
}

/** Reads the roots anew (tests hand in an environment; the app reads them once per run). */
export async function loadTrustedRoots(env: NodeJS.ProcessEnv = process.env): Promise<TrustedRoots> {
  const system = await systemRoots(env);
  const certificates = [...new Set([...tls.rootCertificates, ...system.certs, ...extraRoots(env)].map((pem) => pem.trim()))];
  return {
    certificates,
    systemSource: system.systemSource,
    systemCount: system.certs.length,
    systemProblem: system.systemProblem,
  };
}

let roots: Promise<TrustedRoots> | null = null;

/** This process's roots, read on the first request (the OS store is read once per run). */
export function trustedRoots(): Promise<TrustedRoots> {
  roots ??= loadTrustedRoots();
  return roots;
}

/** One agent per set of roots: the OS's alone, and one per provider authority in use. */
const agents = new Map<string, Promise<Agent>>();
const MAX_AGENTS = 16;

/**
 * The agent an API request to an https address goes through (api/node-fetch.ts): the process's roots, plus the connection's own
 * authority when it has one. Agents keep their connections alive and are shared by every request
 * with the same trust.
 */
export function agentFor(trustedCa: string | null): Promise<Agent> {
  const key = trustedCa ? createHash('sha256').update(trustedCa).digest('hex') : '';
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      // Authorities replaced many times in one run: the oldest agents go (their idle sockets close).
      const [oldest] = agents;
      agents.delete(oldest![0]);
      void oldest![1].then((dropped) => dropped.destroy()).catch(() => undefined);
    }
    agent = trustedRoots().then(
      ({ certificates }) =>
        new Agent({
          keepAlive: true,
          ca: trustedCa ? [...certificates, ...(trustedCa.match(PEM_CERTIFICATE) ?? [])] : [...certificates],
        }),
    );
    agents.set(key, agent);
  }
  return agent;
}
