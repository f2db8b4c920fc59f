import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../lib/errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useErrorText } from '../../lib/use-error-text.ts';
import { useSubmissionKey } from '../../lib/use-submission-key.ts';

/** A field's name path in an antd form (`['addresses', 0, 'postcode']`). */
export type FieldPath = (string | number)[];

export interface FieldError {
  name: FieldPath;
  errors: string[];
}

export interface ServerErrorMapping {
  /**
   * The form's top-level field names: issues on any other path go to the form-level alert. `'any'`
   * takes every path of the body (a form whose fields are all the body's, lists included).
   */
  fields: readonly string[] | 'any';
  /**
   * Error codes that belong to one field (`BRAND_CODE_TAKEN` → `code`), or a function of the error
   * for codes whose field depends on the answer's details.
   */
  codes?: Readonly<Record<string, string | FieldPath | ((error: ApiError) => FieldPath | undefined)>>;
}

export interface MappedServerError {
  /** What goes under the form's fields. */
  fields: FieldError[];
  /** What no field takes, for the alert above the form; null when everything found a field. */
  formMessage: string | null;
}

/** `body.contacts.0.email` → `['contacts', 0, 'email']`. */
export function issuePath(path: string): FieldPath {
  return path
    .replace(/^body\.?/, '')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The fields a 400 VALIDATION_FAILED names, for forms that handle the rest of the error themselves. */
export function issueFields(error: unknown, fields: ServerErrorMapping['fields']): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  return mapServerError(error, error.message, { fields }).fields;
}

/**
 * Sorts a refused save onto the form: a 400 VALIDATION_FAILED's `details.issues` go under the fields
 * their paths name (the server's message under each), a code the mapping ties to a field goes under
 * that field (with the translated text), and the rest goes to the form-level message. `text` is the
 * translated text of the error (`useErrorText`); null (an error already dealt with) shows nothing.
 */
export function mapServerError(error: unknown, text: string | null, mapping: ServerErrorMapping): MappedServerError {
  if (text === null || !(error instanceof ApiError)) return { fields: [], formMessage: text };
  const known = (name: FieldPath) =>
    typeof name[0] === 'string' && (mapping.fields === 'any' || mapping.fields.includes(name[0]));
  const byCode = mapping.codes?.[error.code];
  if (byCode !== undefined) {
    const name = typeof byCode === 'function' ? byCode(error) : typeof byCode === 'string' ? [byCode] : byCode;
    if (name && known(name)) return { fields: [{ name, errors: [text] }], formMessage: null };
  }
  if (error.code === 'VALIDATION_FAILED') {
    const issues = errorDetails(error).issues;
    const fields: FieldError[] = [];
    const rest: string[] = [];
    for (const issue of Array.isArray(issues) ? issues : []) {
      const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
      if (typeof message !== 'string') continue;
      const name = typeof path === 'string' && path.startsWith('body') ? issuePath(path) : [];
      if (known(name)) fields.push({ name, errors: [message] });
      else
        rest.push(typeof path === 'string' && path ? `${path.replace(/^body\.?/, '') || path}: ${message}` : message);
    }
    if (fields.length) return { fields, formMessage: rest.length ? rest.join('; ') : null };
  }
  return { fields: [], formMessage: text };
}

/**
 * A form's handling of refused saves: `handle(error)` puts what belongs to fields under them and
 * keeps the rest as `failure`, for the alert above the form (FormDrawer's `failure`).
 */
export function useServerErrors<V>(form: FormInstance<V> | undefined, mapping: ServerErrorMapping) {
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { fields, codes } = mapping;
  const handle = useCallback(
    (error: unknown, target?: FormInstance<V>) => {
      const mapped = mapServerError(error, errorText(error), { fields, ...(codes ? { codes } : {}) });
      const into = target ?? form;
      if (mapped.fields.length && into) into.setFields(mapped.fields as Parameters<FormInstance<V>['setFields']>[0]);
      setFailure(into ? mapped.formMessage : (mapped.formMessage ?? mapped.fields.flatMap((f) => f.errors).join('; ')));
    },
    [errorText, form, fields, codes],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { failure, handle, clear };
}

/**
 * The save of a create / edit drawer: `submit(form, body, save, isNew)` sends the body (a create with
 * its Idempotency-Key, the same for a retry of the same values), then says so and closes, or sorts
 * the refusal onto the form (`useServerErrors`). `close` forgets the failure and the key.
 */
export function useFormSave<V>(mapping: ServerErrorMapping, onClose: () => void) {
  const { t } = useTranslation();
  const submission = useSubmissionKey();
  const errors = useServerErrors<V>(undefined, mapping);
  const close = () => {
    errors.clear();
    submission.reset();
    onClose();
  };
  const submit = async <R>(
    form: FormInstance<V>,
    body: unknown,
    save: (idempotencyKey: string) => Promise<R>,
    isNew: boolean,
  ): Promise<R | undefined> => {
    errors.clear();
    try {
      const saved = await save(submission.keyFor(body));
      notifySuccess(isNew ? t('form.created') : t('form.saved'));
      close();
      return saved;
    } catch (error) {
      errors.handle(error, form);
      return undefined;
    }
  };
  return { failure: errors.failure, close, submit };
}

/** A create mutation as the areas' api.ts hooks give it (the body with its Idempotency-Key). */
interface CreateMutation<B, R> {
  mutateAsync: (variables: { body: B; idempotencyKey: string }) => Promise<R>;
  isPending: boolean;
}
/** An update mutation as the areas' api.ts hooks give it. */
interface UpdateMutation<B, R> {
  mutateAsync: (variables: { id: string; body: B }) => Promise<R>;
  isPending: boolean;
}

/**
 * `useFormSave` for a drawer that creates a record or edits one with the same body: `save(form, body, id)`
 * updates the record `id`, or creates one when there is none, and resolves what the server answered.
 */
export function useRecordSave<V, B, R>(
  create: CreateMutation<B, R>,
  update: UpdateMutation<B, R>,
  mapping: ServerErrorMapping,
  onClose: () => void,
) {
  const { failure, close, submit } = useFormSave<V>(mapping, onClose);
  const save = (form: FormInstance<V>, body: B, id: string | undefined) =>
    id
      ? submit(form, body, () => update.mutateAsync({ id, body }), false)
      : submit(form, body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }), true);
  return { failure, close, save, saving: create.isPending || update.isPending };
}
