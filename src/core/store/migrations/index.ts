// Numbered migrations, applied in order, each in its own transaction (STYLE.md, convention 6).
// Append new ones; never edit one that has shipped.
import type { Migration } from '../migration';
import { migration0001 } from './0001_connections';

export const migrations: readonly Migration[] = [migration0001];
