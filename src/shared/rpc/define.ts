// How an RPC method is declared: a name, a zod input schema and a zod output schema. Handlers and
// clients are typed from these declarations; nothing is written twice (STYLE.md, convention 1).
import type { z } from 'zod';

export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): MethodSpec<I, O> {
  return { input, output };
}

export type MethodTable = Record<string, MethodSpec>;
export type EventTable = Record<string, z.ZodType>;

export type InputOf<T extends MethodTable, K extends keyof T> = z.input<T[K]['input']>;
export type ParsedInputOf<T extends MethodTable, K extends keyof T> = z.output<T[K]['input']>;
export type OutputOf<T extends MethodTable, K extends keyof T> = z.output<T[K]['output']>;
