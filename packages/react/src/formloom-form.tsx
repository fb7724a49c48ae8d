import type { Field } from '@formloom/contract';
import {
  byDisplayOrder,
  type FormTexts,
  isFieldRequired,
  questionFamily,
  submitText,
} from '@formloom/contract/engine';
import type { FormState, RuntimeOptions, RuntimeProblem } from '@formloom/runtime';
import { type CaptchaWidget, mountCaptcha } from '@formloom/runtime/captcha';
import { type FormEvent, Suspense, useEffect, useId, useRef } from 'react';
import type { PasswordPromptProps } from './families/access.js';
import type { QuizCheckProps, QuizMarksProps } from './families/quiz.js';
import type { FieldSlot, RepeatProps } from './families/repeat.js';
import type { RespondentProps } from './families/respondent.js';
import {
  defaultFields,
  extendedChoice,
  type FieldComponents,
  type FieldProps,
  later,
  preload,
} from './fields.js';
import { CONTROLS } from './internal/parts.js';
import { type FormloomFormHandle, useFormloomForm } from './use-formloom-form.js';

export interface FormloomFormProps extends RuntimeOptions {
  /** Replaces the components of some field types (the others keep the defaults). */
  components?: Partial<FieldComponents>;
  /**
   * Called once the response is stored (remote) or `onSubmit` succeeded (local); a form with
   * `allowEdit` has the response's `editToken` and `editUntil` in the state.
   */
  onSubmitted?: (state: FormState) => void;
  className?: string;
}

/** A repeating section's entries: a chunk of their own, loaded for a form that has one. */
const RepeatSection = later<RepeatProps>('repeat', 'RepeatSection');
/** A quiz's "Check answer" and marks: a chunk of their own, loaded for a form with `settings.quiz`. */
const QuizCheck = later<QuizCheckProps>('quiz', 'QuizCheck');
const QuizMarks = later<QuizMarksProps>('quiz', 'QuizMarks');
/** A protected form's password prompt and the notice before a form opens: a chunk loaded only then. */
const PasswordPrompt = later<PasswordPromptProps>('access', 'PasswordPrompt');
const NotOpenNotice = later<Pick<PasswordPromptProps, 'state' | 'language'>>('access', 'NotOpenNotice');
/** Who answers and edits: the address prompt, a refusal, the edit's note and link; a chunk loaded only then. */
const AddressPrompt = later<RespondentProps>('respondent', 'AddressPrompt');
const RespondentNotice = later<Omit<RespondentProps, 'form'>>('respondent', 'RespondentNotice');
const EditingNote = later<{ language: string }>('respondent', 'EditingNote');
const EditLink = later<{ state: FormState; language: string }>('respondent', 'EditLink');
/** The logo's size, as on the server's page: React ships no stylesheet, so it goes inline. */
const LOGO = { display: 'block', maxWidth: '100%', maxHeight: '4rem', margin: '0 0 1rem' } as const;
/** The fields a quiz's questions may be (the public form does not say which are). */
const CHOICES = new Set(['select', 'radio', 'checkbox', 'picture_choice']);

function problemText(problem: RuntimeProblem | undefined, texts: FormTexts): string | undefined {
  switch (problem) {
    case undefined:
      return undefined;
    case 'invalid':
      return texts.fixErrors;
    case 'network':
      return texts.networkError;
    case 'not_found':
      return `${texts.notFoundTitle}. ${texts.notFoundBody}`;
    case 'closed':
      return `${texts.closedTitle}. ${texts.closedBody}`;
    case 'origin_not_allowed':
      return `${texts.originRefusedTitle}. ${texts.originRefusedBody}`;
    case 'too_large':
      return texts.tooLarge;
    case 'rate_limited':
      return texts.tooMany;
    case 'captcha':
      return texts.captchaFailed;
    default:
      return texts.genericError;
  }
}

/** The form drawn from a handle: for `<FormloomForm>`, or for a hook user who wants the default look. */
export function FormloomFormView({
  handle,
  components,
  className,
}: {
  handle: FormloomFormHandle;
  components?: Partial<FieldComponents> | undefined;
  className?: string | undefined;
}) {
  const { state, form, texts } = handle;
  const prefix = useId();
  const root = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLDivElement>(null);
  /** What to focus after the next render: the first error, the new page's first control, the end. */
  const focus = useRef<'error' | 'page' | undefined>(undefined);
  const fields = { ...defaultFields, ...components };
  /** A captcha form's widget (remote mode), mounted in `captchaBox` once the form shows. */
  const captchaBox = useRef<HTMLDivElement>(null);
  const captcha = useRef<CaptchaWidget | undefined>(undefined);
  const captchaConfig = state.captcha;
  const showing = state.schema !== undefined && state.status !== 'loading' && state.status !== 'done';
  const controlId = (fieldId: string) => `${prefix}-${fieldId}`;
  /**
   * One order per mounted form for the fields with `shuffle`, drawn on first render; a resumed
   * partial's seed wins, and the runtime saves this one with the partials.
   */
  const seed = useRef('');
  if (seed.current === '') seed.current = Math.random().toString(36).slice(2);
  const shuffleSeed = state.seed ?? seed.current;
  useEffect(() => {
    if (showing && state.seed === undefined) form.setSeed(seed.current);
  }, [form, showing, state.seed]);
  const schemaFields = state.schema?.fields;
  const schemaSections = state.schema?.sections;
  const quiz = state.schema?.settings?.quiz !== undefined;
  /** Uploads under way (a file, a signature's PNG), by field id: submitting waits for them. */
  const uploads = useRef(new Map<string, Promise<void>>());

  /** `FieldProps.onFile`: a later call for the field supersedes an earlier one's answer. */
  function upload(
    fieldId: string,
    file: Blob | Promise<Blob | undefined> | undefined,
    name?: string,
    extra?: object,
  ) {
    const pending = uploads.current;
    form.setAnswer(fieldId, undefined);
    if (file === undefined) {
      pending.delete(fieldId);
      return;
    }
    const sending: Promise<void> = Promise.resolve(file)
      .then(async (blob) => {
        if (blob === undefined || pending.get(fieldId) !== sending) return;
        const stored = await form.upload(fieldId, blob, name);
        if (pending.get(fieldId) !== sending) return;
        if (stored && extra !== undefined)
          form.setAnswer(fieldId, { ...(form.getState().answers[fieldId] as object), ...extra });
      })
      .catch(() => undefined)
      .finally(() => {
        if (pending.get(fieldId) === sending) pending.delete(fieldId);
      });
    pending.set(fieldId, sending);
  }

  // The chunks this form's question types need start loading as soon as the form is known.
  useEffect(() => {
    for (const f of schemaFields ?? []) {
      if (f.type === 'hidden' || components?.[f.type] !== undefined) continue;
      const family = questionFamily(f.type) ?? (extendedChoice(f) ? 'choices' : undefined);
      if (family !== undefined) preload(family);
    }
    if (schemaSections?.some((s) => s.repeat !== undefined)) preload('repeat');
    if (quiz) preload('quiz');
  }, [schemaFields, schemaSections, components, quiz]);

  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    const el = root.current;
    if (target === undefined || el === null) return;
    const scope = target === 'error' ? '[aria-invalid="true"]' : 'section:not([hidden])';
    // The invalid control itself, or the first control inside an invalid group or the page.
    const found = [...el.querySelectorAll<HTMLElement>(scope)].flatMap((node) =>
      node.matches(CONTROLS) ? [node] : [...node.querySelectorAll<HTMLElement>(CONTROLS)],
    );
    found[0]?.focus();
  });

  useEffect(() => {
    const el = captchaBox.current;
    if (captchaConfig === undefined || !showing || el === null) return;
    const widget = mountCaptcha(el, captchaConfig);
    captcha.current = widget;
    return () => {
      widget.destroy();
      captcha.current = undefined;
    };
  }, [captchaConfig, showing]);

  // The form's theme: its font in the document, its custom CSS (scoped under `fl-theme`, the form's
  // class then) adopted by the document, which a Content-Security-Policy allows as it does not a
  // `<style>` element; removed with the form.
  const theme = state.theme;
  useEffect(() => {
    if (theme?.font !== undefined) {
      const face = new FontFace(theme.font.family, `url("${theme.font.url}")`);
      document.fonts.add(face);
      face.load().catch(() => undefined);
    }
    if (theme?.css === undefined) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(theme.css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [theme]);

  // A refused token: the widget starts over for the next try.
  useEffect(() => {
    if (state.problem === 'captcha') captcha.current?.reset();
  }, [state.problem]);

  useEffect(() => {
    if (state.status !== 'done') return;
    const redirect = state.completion?.redirectUrl;
    if (redirect !== undefined) window.location.assign(redirect);
    else done.current?.focus();
  }, [state.status, state.completion]);

  // Password-protected: the prompt instead of the form (the answers so far stay in the runtime).
  if (state.status === 'password') {
    return (
      <Suspense fallback={null}>
        <PasswordPrompt form={form} state={state} language={handle.language} className={className} />
      </Suspense>
    );
  }
  // One response per proven address: the address prompt first (answers so far stay in the runtime).
  if (state.status === 'verify') {
    return (
      <Suspense fallback={null}>
        <AddressPrompt form={form} state={state} language={handle.language} className={className} />
      </Suspense>
    );
  }
  // Refused for good after the form was read (a personal link needed or used, an address that
  // answered, an edit too late or unknown): said in the form's place.
  if (state.status === 'unavailable' && state.schema !== undefined) {
    return (
      <Suspense fallback={null}>
        <RespondentNotice state={state} language={handle.language} className={className} />
      </Suspense>
    );
  }
  if (state.status === 'loading' || state.schema === undefined) {
    // Refused before it was read (409 FORM_CLOSED): the form is not open yet.
    const notOpen = state.status === 'unavailable' && state.problem === 'closed';
    return (
      <div className={className} aria-busy={state.status === 'loading'}>
        {notOpen ? (
          <Suspense fallback={null}>
            <NotOpenNotice state={state} language={handle.language} />
          </Suspense>
        ) : state.status === 'unavailable' ? (
          <p role="alert">{problemText(state.problem, texts)}</p>
        ) : null}
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <div className={className}>
        <div className="fl-done" ref={done} tabIndex={-1}>
          <h2>{state.completion?.title ?? texts.thanksTitle}</h2>
          <p>{state.completion?.message ?? texts.thanksBody}</p>
          {state.editToken === undefined ? null : (
            <Suspense fallback={null}>
              <EditLink state={state} language={handle.language} />
            </Suspense>
          )}
          {state.completion?.quiz === undefined ? null : (
            <Suspense fallback={null}>
              <QuizMarks
                quiz={state.completion.quiz}
                schema={state.schema}
                answers={state.answers}
                language={state.language ?? state.schema.meta.language}
                text={(template) => form.text(template)}
              />
            </Suspense>
          )}
        </div>
      </div>
    );
  }

  const schema = state.schema;
  const sections = byDisplayOrder(schema.sections);
  const at = state.pages.indexOf(state.page ?? '');
  const last = !state.paged || at >= state.pages.length - 1;
  const description = state.description ?? schema.meta.description ?? null;
  const language = state.language ?? schema.meta.language ?? 'en';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const waiting = [...uploads.current.values()];
    if (waiting.length > 0) void Promise.all(waiting).then(() => submitNow());
    else submitNow();
  }

  function submitNow() {
    // On the last page of a captcha form, the widget's token goes with the submission.
    const widget = last ? captcha.current : undefined;
    if (widget === undefined) send(undefined);
    else
      void widget.token().then(
        (token) => send(token),
        () => send(undefined),
      );
  }

  function send(captchaToken: string | undefined) {
    const before = state.page;
    void form.submit(captchaToken === undefined ? {} : { captchaToken }).then((ok) => {
      const after = form.getState();
      if (after.status === 'done') return;
      if (!ok && Object.keys(after.errors).length > 0) focus.current = 'error';
      else if (after.page !== before) focus.current = 'page';
    });
    // Next on a paged form answers at once: focus follows in the render it causes.
    if (form.getState().page !== before) focus.current = 'page';
    else if (Object.keys(form.getState().errors).length > 0) focus.current = 'error';
  }

  /** Draws a field of the form, or with `slot` a field of one entry of a repeating section. */
  const field = (f: Field, slot?: FieldSlot) => {
    if (f.type === 'hidden' || (slot === undefined ? state.hiddenFields.has(f.id) : slot.hidden)) return null;
    const Component = fields[f.type];
    const name = slot?.path ?? f.id;
    const id = controlId(name);
    const text = slot?.text ?? form.text;
    const errors = state.errors[name];
    const helpId = `${id}-help`;
    const errorId = `${id}-error`;
    const describedBy =
      [f.helpText ? helpId : '', errors ? errorId : ''].filter(Boolean).join(' ') || undefined;
    const props: FieldProps = {
      field: f,
      id,
      name,
      label: text(f.label),
      helpText: f.helpText === undefined ? undefined : text(f.helpText),
      placeholder: f.placeholder === undefined ? undefined : text(f.placeholder),
      value: slot === undefined ? state.answers[f.id] : slot.value,
      onChange: slot?.onChange ?? ((value) => form.setAnswer(f.id, value)),
      onFile: (file, name, extra) => upload(f.id, file, name, extra),
      errors,
      describedBy,
      helpId,
      errorId,
      required: isFieldRequired(f),
      locked: state.locked.has(f.id),
      texts,
      language,
      seed: shuffleSeed,
    };
    // With feedback after each answer, a choice field outside repeating sections may be a question.
    const check =
      slot === undefined && state.schema?.settings?.quiz?.feedback === 'after-answer' && CHOICES.has(f.type);
    // A question type draws nothing until its chunk has loaded (or when it has no component).
    return Component === undefined ? null : (
      <Suspense key={f.id} fallback={null}>
        <Component {...props} />
        {/* Its own boundary: the field shows while the quiz's chunk loads. */}
        {check ? (
          <Suspense fallback={null}>
            <QuizCheck form={form} state={state} field={f} language={language} />
          </Suspense>
        ) : null}
      </Suspense>
    );
  };

  const message = problemText(state.problem, texts);
  return (
    <form
      ref={root}
      className={theme === undefined ? className : `${className ?? ''} fl-theme`.trim()}
      // The theme's `--formloom-*` properties, for the app's stylesheet (and the theme's CSS) to read.
      style={
        theme === undefined
          ? undefined
          : { ...theme.vars, colorScheme: theme.mode === 'auto' ? undefined : theme.mode }
      }
      noValidate
      onSubmit={onSubmit}
      aria-busy={state.status === 'submitting'}
    >
      <header className="fl-header">
        {/* The theme's logo: decorative (the title below says the same), at most 4rem high. */}
        {theme?.logoUrl === undefined ? null : (
          <img className="fl-logo" src={theme.logoUrl} alt="" style={LOGO} />
        )}
        <h1>{form.text(state.title)}</h1>
        {description ? <p className="fl-description">{form.text(description)}</p> : null}
        {state.editing ? (
          <Suspense fallback={null}>
            <EditingNote language={language} />
          </Suspense>
        ) : null}
        {schema.fields.some(isFieldRequired) ? <p className="fl-note">{texts.requiredNote}</p> : null}
        {state.paged ? (
          <div
            className="fl-progress"
            role="progressbar"
            aria-label={texts.progress}
            aria-valuemin={1}
            aria-valuenow={at + 1}
            aria-valuemax={state.pages.length}
            aria-valuetext={texts.pageOf
              .replace('{page}', String(at + 1))
              .replace('{pages}', String(state.pages.length))}
          >
            <p>
              {texts.pageOf.replace('{page}', String(at + 1)).replace('{pages}', String(state.pages.length))}
            </p>
          </div>
        ) : null}
      </header>
      {sections.map((s) => {
        const hidden = state.hiddenSections.has(s.id) || (state.paged && s.id !== state.page);
        const titleId = `${prefix}-s-${s.id}`;
        const own = byDisplayOrder(schema.fields.filter((f) => f.sectionId === s.id));
        return (
          <section
            key={s.id}
            className="fl-section"
            hidden={hidden}
            aria-labelledby={s.title.trim() === '' ? undefined : titleId}
          >
            {s.title.trim() === '' ? null : <h2 id={titleId}>{form.text(s.title)}</h2>}
            {/* A repeating section's description is recalled in each entry. */}
            {s.description && s.repeat === undefined ? (
              <p className="fl-section-description">{s.description}</p>
            ) : null}
            {hidden ? null : s.repeat === undefined ? (
              own.map((f) => field(f))
            ) : (
              <Suspense fallback={null}>
                <RepeatSection
                  section={s}
                  fields={own}
                  form={form}
                  state={state}
                  language={language}
                  titleId={titleId}
                  title={form.text(s.title)}
                  draw={field}
                />
              </Suspense>
            )}
          </section>
        );
      })}
      <div className="fl-alert" role="alert">
        {message}
      </div>
      {captchaConfig === undefined ? null : <div className="fl-captcha" ref={captchaBox} hidden={!last} />}
      <div className="fl-actions">
        {state.paged && at > 0 ? (
          <button
            type="button"
            className="fl-button fl-secondary"
            onClick={() => {
              focus.current = 'page';
              form.back();
            }}
          >
            {texts.back}
          </button>
        ) : null}
        <button
          type="submit"
          className="fl-button"
          disabled={state.status === 'submitting' || !state.acceptsResponses}
        >
          {!last ? texts.next : state.status === 'submitting' ? texts.sending : submitText(schema, texts)}
        </button>
      </div>
    </form>
  );
}

/**
 * A Formloom form, drawn with default field components that `components` can replace:
 *
 * ```tsx
 * <FormloomForm code="abcd1234EFGH5678" api="https://forms.example.com" lang="de"
 *   components={{ select: MySelect }} onSubmitted={(s) => console.log(s.responseId)} />
 * // or a schema of your own, no server:
 * <FormloomForm schema={schema} onSubmit={({ answers }) => save(answers)} />
 * ```
 */
export function FormloomForm({ components, onSubmitted, className, ...options }: FormloomFormProps) {
  const handle = useFormloomForm(options);
  const status = handle.state.status;
  const notified = useRef(false);
  useEffect(() => {
    if (status === 'done' && !notified.current) {
      notified.current = true;
      onSubmitted?.(handle.state);
    }
  }, [status, onSubmitted, handle.state]);
  return <FormloomFormView handle={handle} components={components} className={className ?? 'fl'} />;
}
