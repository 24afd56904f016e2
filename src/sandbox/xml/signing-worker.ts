// A signing thread: builds a document's UBL, signs it and writes it under the data folder, off the
// sandbox's event loop. The key and certificate are parsed once per thread (createUblSigner).
import { workerData } from 'node:worker_threads';
import { serveTasks } from '../workers/pool';
import { createUblSigner } from './signer';
import type { SigningTask, SigningWorkerData } from './signing';
import { writeSignedXml } from './write';

const { xmlDir, certificate } = workerData as SigningWorkerData;
const sign = createUblSigner(certificate);

serveTasks<SigningTask, string>((task) => writeSignedXml(xmlDir, task.companyId, task.model, sign));
