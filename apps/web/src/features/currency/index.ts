// What other areas' forms use of this area: the server's field errors mapped onto a form.
export { type FieldErrors, serverFieldErrors } from './field-errors.ts';
