// What a form hands its parts through react-hook-form's FormProvider, as one object for the form's
// life. FormProvider gives its parts a new context value whenever the form's own state object is
// replaced, and every part reading the context renders again then. useForm replaces it once right
// after the first render (it marks the form ready in a layout effect), so a large form was rendered
// twice over before its first paint, and again each time its root state changed, though no part
// reads that state while rendering: the parts render from useFormState/useWatch, which keep their
// own subscriptions, and read `formState` only in event handlers.
import { useLayoutEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

function steadyMethods<V extends FieldValues, C, T>(first: UseFormReturn<V, C, T>) {
  let latest = first;
  const formState = new Proxy(first.formState, {
    get: (_first, key) => Reflect.get(latest.formState, key) as unknown,
  });
  return {
    methods: { ...first, formState },
    follow: (form: UseFormReturn<V, C, T>) => {
      latest = form;
    },
  };
}

/**
 * `form`'s methods (the same functions) with a `formState` that reads the form's latest state when
 * read, for FormProvider. Parts must not read `formState` while rendering (they would not render
 * again when it changes): they use useFormState.
 */
export function useSteadyFormMethods<V extends FieldValues, C, T>(form: UseFormReturn<V, C, T>): UseFormReturn<V, C, T> {
  const [steady] = useState(() => steadyMethods(form));
  useLayoutEffect(() => steady.follow(form));
  return steady.methods;
}
