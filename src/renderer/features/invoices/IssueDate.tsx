// The issue date of the invoice on the form follows Colombia's day: an invoice goes out with the date
// of the day it is sent (DIAN rule since 2024-05-01, contract "fecha_emision"), so a form opened
// before midnight and sent after it carries the new day, on screen and in the request.
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FeFormValues } from './model';

/**
 * The date an invoice carries on `today` when the form showed `shownToday` as today: an ordinary
 * invoice always today's; a contingency invoice keeps a date the user chose himself (any other day
 * than the one shown as today) and follows the day otherwise.
 */
export function issueDateOn(
  values: Pick<FeFormValues, 'es_contingencia' | 'fecha_emision'>,
  shownToday: string,
  today: string,
): string {
  if (!values.es_contingencia) return today;
  return values.fecha_emision === shownToday ? today : values.fecha_emision;
}

/**
 * Moves the form's date when the day turns (or the invoice stops being a contingency one); setValue,
 * as the read-only field of an ordinary invoice registers nothing. Renders nothing; it lives apart
 * so that only it, not the whole form, follows the contingency box.
 */
export function IssueDateFollowsTheDay({ today }: { today: string }) {
  const { control, getValues, setValue } = useFormContext<FeFormValues>();
  const contingency = useWatch({ control, name: 'es_contingencia' });
  const shown = useRef(today);
  useEffect(() => {
    const date = issueDateOn(getValues(), shown.current, today);
    shown.current = today;
    if (date !== getValues('fecha_emision')) setValue('fecha_emision', date);
  }, [today, contingency, getValues, setValue]);
  return null;
}
