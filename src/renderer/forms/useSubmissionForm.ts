// One pattern for every form that ends in a submission (FE, DSE; the counter builds on the same
// pieces). react-hook-form holds what the user types and its resolver judges it (flat-resolver.ts over
// the shared schema and rules; docs/ARCHITECTURE.md, the form idiom); the submit goes through one React Query mutation
// (draft and key on disk first, then `fe.submit`/`dse.submit`); a refusal's field errors come back
// from core as data (Submission.field_errors) and are placed on the form's fields by server-fields.ts;
// what follows a sent submission is useFollowedSubmission. No form keeps its own version of these.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { SubmissionFieldError } from '#shared/api/field-errors';
import type { Submission } from '#shared/rpc/methods/submissions';
import { RpcClientError } from '../rpc/client';
import { placeServerErrors, rpcFieldErrors, submissionFieldErrors, type LabelOf } from './server-fields';

/** What the form shows above its button when nothing was sent, or the server refused it. */
export interface FormProblem {
  message: string;
  /** server errors no field shows, as sentences */
  list: string[];
}

export interface SubmissionFormOptions<V extends FieldValues, C> {
  /** react-hook-form's options: defaultValues, resolver and context, modes */
  form: UseFormProps<V, C>;
  /** Writes the draft (with its key) and sends the checked values through core: the mutation's function. */
  submit: (values: V) => Promise<Submission>;
  /** Where a server field path lives among the form's fields (given the values that were sent). */
  fieldOf: (serverPath: string, values: V) => string | null;
  /** Names, in the user's words, a field the form does not show. */
  labelOf?: LabelOf;
  /** Shown above the button when the resolver stops the send (its first field is focused). */
  invalidMessage?: string;
  /** Nothing may be sent (the form shows a submission already). */
  blocked?: boolean;
  /** Shown when the server refused the submission without a message of its own. */
  refusedMessage: string;
  /** Shown when the send failed for a reason nobody expected. */
  unexpectedMessage: string;
  /** The ledger holds the submission (any state but failed). */
  onSubmitted: (submission: Submission, values: V) => void | Promise<void>;
  /** Refused before anything was created: the corrected document goes under a new key. */
  onRefused: (submission: Submission, values: V) => void | Promise<void>;
  /** The key already has a submission (sent before a restart): show it, never "No se emitió". */
  onExisting?: (submissionId: number, values: V) => void | Promise<void>;
}

export function useSubmissionForm<V extends FieldValues, C = unknown>(options: SubmissionFormOptions<V, C>) {
  const form = useForm<V, C>(options.form);
  const mutation = useMutation<Submission, Error, V>({ mutationFn: (values) => options.submit(values) });
  const inFlight = useRef(false);
  const serverPaths = useRef<string[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  /** Marks the fields the server named; returns the sentences no field shows. */
  const place = (errors: readonly SubmissionFieldError[], values: V): string[] => {
    const placed = placeServerErrors(errors, (path) => options.fieldOf(path, values), options.labelOf);
    placed.fields.forEach(([path, message], i) => {
      form.setError(path as FieldPath<V>, { type: 'server', message }, { shouldFocus: i === 0 });
    });
    serverPaths.current = placed.fields.map(([path]) => path);
    return placed.unplaced;
  };

  const clearServerErrors = () => {
    if (serverPaths.current.length > 0) form.clearErrors(serverPaths.current as FieldPath<V>[]);
    serverPaths.current = [];
  };

  const send = async (values: V) => {
    if (inFlight.current || options.blocked) return;
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    try {
      const submission = await mutation.mutateAsync(values);
      if (submission.state === 'failed') {
        const list = place(submissionFieldErrors(submission), values);
        setProblem({ message: submission.error?.message ?? options.refusedMessage, list });
        await options.onRefused(submission, values);
      } else await options.onSubmitted(submission, values);
    } catch (error) {
      const known = error instanceof RpcClientError ? error.details?.submission_id : undefined;
      if (typeof known === 'number' && options.onExisting) await options.onExisting(known, values);
      else if (error instanceof RpcClientError)
        setProblem({ message: error.message, list: place(rpcFieldErrors(error), values) });
      else setProblem({ message: options.unexpectedMessage, list: [] });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  /** A refusal learnt later (a followed submission that ended refused): its fields are marked as after a submit. */
  const showRefusal = (submission: Submission, values: V) => {
    clearServerErrors();
    const list = place(submissionFieldErrors(submission), values);
    setProblem({ message: submission.error?.message ?? options.refusedMessage, list });
  };

  /** The resolver stopped the send: the form says so when it has words for it. */
  const invalid = () => {
    if (options.invalidMessage !== undefined && !options.blocked) setProblem({ message: options.invalidMessage, list: [] });
  };

  /** The form's onSubmit: the previous server errors go, the resolver judges, then `send`. */
  const onSubmit = (event?: BaseSyntheticEvent) => {
    clearServerErrors();
    return form.handleSubmit(send, invalid)(event);
  };

  return { form, onSubmit, sending, problem, showRefusal };
}
