/**
 * `@formloom/react`: Formloom forms in React 18 and 19, on the headless `@formloom/runtime`.
 */

export type { FormRuntime, FormState, RuntimeOptions } from '@formloom/runtime';
export { defaultFields, type FieldComponents, type FieldProps } from './fields.js';
export { FormloomForm, type FormloomFormProps, FormloomFormView } from './formloom-form.js';
export { type FormloomFormHandle, useFormloomForm } from './use-formloom-form.js';
