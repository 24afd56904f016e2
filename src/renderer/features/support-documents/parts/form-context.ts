// What every part of the DSE form reads besides react-hook-form's own context: the shared rules'
// verdict, which errors are visible yet, today's date in Colombia and the company's cost centers.
import { createContext, useContext } from 'react';
import type { CostCenter } from '#shared/rpc/methods/dse-catalog';
import type { DseValidation } from '../model/validate';

export interface DseFormContextValue {
  validation: DseValidation;
  /** id of the (empty) form that owns the lines' controls, so that the document's form stays small */
  linesForm: string;
  /** the message for a form path, once the user can be told (touched, typed or tried to submit) */
  err: (path: string) => string | undefined;
  today: string;
  costCenters: readonly CostCenter[];
  locked: boolean;
}

export const DseFormContext = createContext<DseFormContextValue | null>(null);

export function useDseForm(): DseFormContextValue {
  const value = useContext(DseFormContext);
  if (!value) throw new Error('useDseForm outside DseFormContext');
  return value;
}
