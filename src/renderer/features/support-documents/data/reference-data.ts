// DIVIPOLA (departments and municipalities with their DANE codes) and common UNSPSC codes, shipped in
// resources/ and loaded only when the DSE form needs them, so the app's first bundle stays small.
import { useQuery } from '@tanstack/react-query';

export interface Department {
  codigo: string;
  nombre: string;
  /** [DANE code of 5 digits, name] */
  municipios: [string, string][];
}

export interface UnspscEntry {
  codigo: string;
  nombre: string;
}

export function useDivipola() {
  return useQuery({
    queryKey: ['resource', 'divipola'],
    queryFn: async () => (await import('#resources/divipola.json')).default.departamentos as Department[],
    staleTime: Infinity,
  });
}

export function useUnspsc() {
  return useQuery({
    queryKey: ['resource', 'unspsc'],
    queryFn: async () => (await import('#resources/unspsc-common.json')).default.codigos as UnspscEntry[],
    staleTime: Infinity,
  });
}
