// Where documents' XML is built and signed: on the event loop (the library's default; the app's
// embedded sandbox), or in a pool of worker threads (the command line: one per core), so that
// building and signing neither block other requests nor are limited to one core. Since the sandbox
// writes canonical XML and signs it directly (ubl.ts, signer.ts) that is ~1.1 ms of a 3-line DSE's
// ~4 ms (most of it the RSA signature); the threads matter most for large documents (1,000 lines).
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkerCrashedError, WorkerPool } from '../workers/pool';
import { checkReadXml, checkTransmittedXml, RULES, type AuthorityInput, type RuleViolation } from '../authority/rules';
import type { XmlElement } from '../authority/xml-tree';
import type { SigningCertificate } from './certificate';
import { createUblSigner, type UblSigner } from './signer';
import type { UblInvoice } from './ubl-model';
import { writeSignedXml, type WrittenDocument } from './write';

export interface SigningTask {
  companyId: number;
  model: UblInvoice;
  /**
   * What the simulated tax authority needs besides the XML to check it (rules.ts); the signed XML
   * is checked in the same thread right after signing. Absent for a document recorded before the
   * rule engine existed: it is not checked.
   */
  authority?: AuthorityInput;
  /**
   * `{model, authority}` as JSON, when the caller has that text already (the store keeps it for an
   * unsigned DSE): a thread is sent this string rather than the model, because structured-cloning
   * the model cost the event loop ~10 % of its time per DSE and copying a string costs little.
   */
  json?: string;
}

/** What a signing thread is sent: the task, or its JSON with the company. */
type PostedTask = SigningTask | { companyId: number; json: string };

/** The task a thread was sent, with its model and authority. */
export function receivedTask(posted: PostedTask): SigningTask {
  if (!('json' in posted) || posted.json === undefined) return posted as SigningTask;
  const { model, authority } = JSON.parse(posted.json) as { model: UblInvoice; authority?: AuthorityInput };
  return { companyId: posted.companyId, model, ...(authority ? { authority } : {}) };
}

export interface SignedDocument {
  xmlPath: string;
  /** the tax authority's rule violations of the transmitted XML; empty: it meets every rule */
  violations: RuleViolation[];
}

/**
 * Signers whose output has passed the full signature verification (ZE02) once. The XML a signer
 * writes is verified as the DIAN would until one of its documents passes; after that, a document
 * it has just written and signed in the same call skips ZE02 (about a fifth of a DSE's CPU: the
 * whole document canonicalized again from the parsed tree, three digests, the RSA verification)
 * and meets every other rule on the written XML as before. Why that keeps what matters: the API
 * takes JSON only, so the XML the rules see is always this signer's; the signer is deterministic
 * over buildUbl's canonical output, and test/unit/sandbox/ubl-signing.test.ts verifies it over
 * random documents with xml-crypto and xmlsec1. XML from anywhere else (checkTransmittedXml's
 * default) is always verified, tampered signatures included.
 */
const provenSigners = new WeakSet<UblSigner>();
const SIGNATURE_CODES = new Set(RULES.filter((r) => r.id === 'signature').flatMap((r) => [r.fe, r.dse]));

/** Builds, signs and writes the document, then checks the written XML as the tax authority would. */
export function signAndCheck(xmlDir: string, task: SigningTask, signer: UblSigner): SignedDocument {
  const written = writeSignedXml(xmlDir, task.companyId, task.model, signer);
  const { xmlPath } = written;
  if (!task.authority) return { xmlPath, violations: [] };
  const signatureProven = provenSigners.has(signer);
  // A proven signer's document is not read again: the rules walk the writer's own tree, equal to
  // what readXml reads from the written text (signedTree; test/unit/sandbox/ubl-signing.test.ts).
  const root = signatureProven ? ownTree(written) : null;
  const violations = root
    ? checkReadXml(root, task.authority, { signatureProven })
    : checkTransmittedXml(written.xml, task.authority, { signatureProven });
  if (!signatureProven && !violations.some((v) => SIGNATURE_CODES.has(v.code))) provenSigners.add(signer);
  return { xmlPath, violations };
}

/** The written document's tree; null when readXml refuses it (checkTransmittedXml then answers ZB01). */
function ownTree(written: WrittenDocument): XmlElement | null {
  try {
    return written.read();
  } catch {
    return null;
  }
}

export interface SigningWorkerData {
  xmlDir: string;
  certificate: SigningCertificate;
}

export interface XmlSigning {
  /** signing threads; 0 when documents are signed on the event loop */
  readonly threads: number;
  /** Builds, signs, writes and checks the XML, in a worker thread when there are any. */
  sign(task: SigningTask): Promise<SignedDocument>;
  /** The same on the calling thread, for a caller that must stay synchronous (FE creation's transaction). */
  signHere(task: SigningTask): SignedDocument;
  close(): Promise<void>;
}

/** `threads`: 0 signs on the event loop; 'cores' starts one thread per available core. */
export function createXmlSigning(options: {
  xmlDir: string;
  certificate: SigningCertificate;
  threads: number | 'cores';
  log?(message: string): void;
}): XmlSigning {
  const { xmlDir, certificate } = options;
  const here = createUblSigner(certificate);
  const signHere = (task: SigningTask): SignedDocument => signAndCheck(xmlDir, task, here);
  const threads = options.threads === 'cores' ? availableParallelism() : options.threads;
  if (threads <= 0) {
    return {
      threads: 0,
      sign: async (task) => signHere(task),
      signHere,
      close: async () => undefined,
    };
  }
  const self = fileURLToPath(import.meta.url);
  const pool = new WorkerPool<PostedTask, SignedDocument>({
    entry: join(dirname(self), `signing-worker${extname(self)}`),
    size: threads,
    workerData: { xmlDir, certificate } satisfies SigningWorkerData,
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    threads,
    // A task whose thread died is tried once more on a fresh thread: the usual cause (a thread that
    // failed to start, or was killed) is not the task's; a task that kills two threads fails.
    sign: (task) => {
      const posted: PostedTask = task.json === undefined ? task : { companyId: task.companyId, json: task.json };
      return pool
        .run(posted)
        .catch((error: unknown) => (error instanceof WorkerCrashedError ? pool.run(posted) : Promise.reject(error)));
    },
    signHere,
    close: () => pool.close(),
  };
}
