import { type FormTexts, formTextsFor } from '@formloom/contract/engine';
import { createFormRuntime, type FormRuntime, type FormState, type RuntimeOptions } from '@formloom/runtime';
import { useEffect, useState, useSyncExternalStore } from 'react';

export interface FormloomFormHandle {
  /** The runtime's state, re-rendered on every change. */
  state: FormState;
  /** The runtime: `setAnswer`, `next`, `back`, `submit`, `upload`, `text`. */
  form: FormRuntime;
  /** The renderer texts (buttons, notes, failures) in the form's language. */
  texts: FormTexts;
  /** The form's language, else (before it loads, or when it asks for its password) the `lang` given, else `en`. */
  language: string;
}

/**
 * A Formloom form as React state, headless: draw it as you like. The runtime is made once per
 * mounted component (give the component a `key` to start over with other options); a published
 * form is loaded in an effect, so rendering on the server touches neither `window` nor the network
 * (a remote form renders as `loading` there, a local `schema` renders in full).
 *
 * ```tsx
 * const { state, form, texts } = useFormloomForm({ code, api: 'https://forms.example.com' });
 * ```
 */
export function useFormloomForm(options: RuntimeOptions): FormloomFormHandle {
  const [form] = useState(() => createFormRuntime(options));
  const state = useSyncExternalStore(form.subscribe, form.getState, form.getState);
  useEffect(() => {
    const controller = new AbortController();
    void form.load(controller.signal);
    return () => controller.abort();
  }, [form]);
  const language = state.language ?? options.lang ?? 'en';
  return { state, form, texts: formTextsFor(language), language };
}
