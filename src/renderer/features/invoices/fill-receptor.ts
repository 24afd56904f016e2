import { useFormContext } from 'react-hook-form';
import type { FeFormValues } from './model';

/**
 * Fills the invoice's customer fields from a saved customer, a third party or the DIAN lookup: each
 * given field is set (dirty, validated again once the form has been submitted), the rest untouched.
 */
export function useFillReceptor(): (values: Partial<FeFormValues['receptor']>) => void {
  const { setValue, formState } = useFormContext<FeFormValues>();
  return (values) => {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string')
        setValue(`receptor.${name as keyof FeFormValues['receptor']}`, value, {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
    }
  };
}
