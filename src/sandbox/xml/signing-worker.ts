// A signing thread: builds a document's UBL, signs it, writes it under the data folder and checks it
// as the simulated tax authority would (authority/rules.ts), off the sandbox's event loop. The key and certificate are parsed once per thread (createUblSigner).
import { workerData } from 'node:worker_threads';
import { serveTasks } from '../workers/pool';
import { createUblSigner } from './signer';
import { receivedTask, signAndCheck, type SignedDocument, type SigningWorkerData } from './signing';

const { xmlDir, certificate } = workerData as SigningWorkerData;
const sign = createUblSigner(certificate);

serveTasks<Parameters<typeof receivedTask>[0], SignedDocument>((task) => signAndCheck(xmlDir, receivedTask(task), sign));
