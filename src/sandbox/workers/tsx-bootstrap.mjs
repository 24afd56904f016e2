// The entry of a worker thread started from TypeScript source (tsx, Vitest): Node 20 does not carry
// tsx's module hooks into worker threads, so the thread registers them before importing its real
// entry, the TypeScript file named in argv.
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
await import(pathToFileURL(process.argv[2]).href);
