import type { Form, FormSchema } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { PreconditionFailedError } from '@formloom/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { client } from '../../api.js';
import { type SaveOp, savePlan } from './schema-edit.js';

/** What the header shows: nothing to save, a save under way, or why the last one did not land. */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'conflict' | 'error';

/** Edits of one kind and target within this long are one step of undo (typing a label). */
const COALESCE_MS = 1000;
/** A pause in editing before it is saved. */
const SAVE_DELAY_MS = 500;
const HISTORY_LIMIT = 100;

interface History {
  past: FormSchema[];
  present: FormSchema;
  future: FormSchema[];
  /** The kind and target of the last edit, and when: the next edit of the same joins it. */
  lastKey: string | undefined;
  lastAt: number;
}

async function send(
  formId: string,
  op: SaveOp,
  etag: string,
): Promise<{ form: Form; etag: string | undefined }> {
  const options = { ifMatch: etag };
  const call =
    op.kind === 'addField'
      ? client.forms.fields.create(formId, op.field, options)
      : op.kind === 'updateField'
        ? client.forms.fields.update(formId, op.id, op.patch, options)
        : op.kind === 'deleteField'
          ? client.forms.fields.delete(formId, op.id, options)
          : client.forms.update(
              formId,
              {
                schema: op.schema,
                ...(op.title === undefined || op.title.trim() === '' ? {} : { title: op.title }),
              },
              options,
            );
  const { data, etag: next } = await call.withResponse();
  return { form: data, etag: next };
}

/**
 * The builder's state: the edited schema with undo and redo, and the save loop that sends each
 * change through the field-by-field API with the form's ETag, so a change made elsewhere in the
 * meantime is refused (status `conflict`) instead of overwritten.
 */
export function useBuilder(formId: string, loaded: { form: Form; etag: string | undefined }) {
  const [history, setHistory] = useState<History>(() => ({
    past: [],
    present: loaded.form.schema,
    future: [],
    lastKey: undefined,
    lastAt: 0,
  }));
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  const [warnings, setWarnings] = useState<SchemaProblem[]>([]);
  const [errorMessage, setErrorMessage] = useState<string | undefined>(undefined);
  const saved = useRef({ schema: loaded.form.schema, etag: loaded.etag ?? '*' });
  const saving = useRef(false);
  const latest = useRef(history.present);
  latest.current = history.present;
  const integrity = useRef<typeof import('./integrity.js') | undefined>(undefined);
  // Bumped when the check, or its pattern analysis, arrives: the current schema is checked again.
  const [checkerVersion, setCheckerVersion] = useState(0);
  const [checkingPatterns, setCheckingPatterns] = useState(false);
  // 'failed': the pattern analysis did not load (offline); saves go on and the server judges.
  const patternLoad = useRef<'idle' | 'loading' | 'loaded' | 'failed'>('idle');
  const live = useRef(true);

  // The integrity check loads on its own; its pattern analyser (recheck, the heaviest part) only
  // once a schema has a pattern rule (see integrity.ts).
  useEffect(() => {
    live.current = true;
    void import('./integrity.js').then((m) => {
      if (!live.current) return;
      integrity.current = m;
      setCheckerVersion((v) => v + 1);
    });
    return () => {
      live.current = false;
    };
  }, []);

  const loadPatternSafety = useCallback(() => {
    if (integrity.current === undefined || patternLoad.current !== 'idle') return;
    patternLoad.current = 'loading';
    integrity.current.loadPatternSafety().then(
      () => {
        patternLoad.current = 'loaded';
        if (live.current) setCheckerVersion((v) => v + 1);
      },
      () => {
        patternLoad.current = 'failed';
        if (live.current) setCheckerVersion((v) => v + 1);
      },
    );
  }, []);

  const edit = useCallback((next: FormSchema | ((s: FormSchema) => FormSchema), key?: string) => {
    setHistory((h) => {
      const value = typeof next === 'function' ? next(h.present) : next;
      if (value === h.present) return h;
      const now = Date.now();
      const join = key !== undefined && key === h.lastKey && now - h.lastAt < COALESCE_MS;
      return {
        past: join ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT),
        present: value,
        future: [],
        lastKey: key,
        lastAt: now,
      };
    });
  }, []);

  const undo = useCallback(() => {
    setHistory((h) => {
      const previous = h.past.at(-1);
      if (previous === undefined) return h;
      return {
        past: h.past.slice(0, -1),
        present: previous,
        future: [h.present, ...h.future],
        lastKey: undefined,
        lastAt: 0,
      };
    });
  }, []);

  const redo = useCallback(() => {
    setHistory((h) => {
      const [next, ...rest] = h.future;
      if (next === undefined) return h;
      return { past: [...h.past, h.present], present: next, future: rest, lastKey: undefined, lastAt: 0 };
    });
  }, []);

  const save = useCallback(async () => {
    if (saving.current) return;
    const target = latest.current;
    const now = integrity.current?.checkIntegrity(target);
    const found = now?.problems ?? [];
    setProblems(found);
    if (found.length > 0) {
      setStatus('invalid');
      return;
    }
    // A pattern's ReDoS verdict is on its way: this save waits, the effect below saves once it came.
    if (now !== undefined && now.pending.length > 0 && patternLoad.current !== 'failed') return;
    const ops = savePlan(saved.current.schema, target);
    if (ops.length === 0) {
      // The same as what the server has, though another object (a rule added and removed again):
      // it is taken as the saved one, or the effect below, which compares by identity, would see
      // it unsaved and call this again every pause, the status flipping "Unsaved changes"/"Saved".
      saved.current = { ...saved.current, schema: target };
      setStatus('saved');
      return;
    }
    saving.current = true;
    setStatus('saving');
    try {
      for (const op of ops) {
        const { form, etag } = await send(formId, op, saved.current.etag);
        saved.current = { schema: form.schema, etag: etag ?? '*' };
      }
      // What was sent is what is saved, even if the server wrote it in another key order.
      saved.current = { ...saved.current, schema: target };
      setErrorMessage(undefined);
      setStatus(latest.current === target ? 'saved' : 'pending');
    } catch (error) {
      if (error instanceof PreconditionFailedError) setStatus('conflict');
      else {
        setErrorMessage(error instanceof Error ? error.message : String(error));
        setStatus('error');
      }
    } finally {
      saving.current = false;
    }
  }, [formId]);

  // Each change: checked at once, saved after a pause (not while a conflict waits for a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the checker arrives too
  useEffect(() => {
    const now = integrity.current?.checkIntegrity(history.present);
    if (now !== undefined) {
      setProblems(now.problems);
      setWarnings(now.warnings);
      const waiting = now.pending.length > 0 && patternLoad.current !== 'failed';
      setCheckingPatterns(waiting);
      if (waiting) loadPatternSafety();
    }
    if (status === 'conflict') return;
    if (history.present === saved.current.schema) return;
    // Judged "Not saved" and still with problems: nothing to save until they are fixed. Scheduling
    // a save would set "Unsaved changes" and the save "Not saved" again after each pause, the
    // status and the problems' alert coming and going (and said again) every half second.
    if (status === 'invalid' && (now?.problems.length ?? 0) > 0) return;
    setStatus((s) => (s === 'saving' ? s : 'pending'));
    const timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [history.present, save, status, checkerVersion, loadPatternSafety]);

  // A save that ended while more edits came in: save those too.
  useEffect(() => {
    if (status !== 'pending' || saving.current) return;
    const timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, save]);

  /**
   * The form as the server stores it after a change the builder asked for there (an AI
   * translation), taken as saved; one step of undo. Only offered while nothing waits to be saved.
   */
  const adopt = useCallback((form: Form, etag: string | undefined) => {
    saved.current = { schema: form.schema, etag: etag ?? '*' };
    setHistory((h) => ({
      past: [...h.past, h.present].slice(-HISTORY_LIMIT),
      present: form.schema,
      future: [],
      lastKey: undefined,
      lastAt: 0,
    }));
    setStatus('saved');
  }, []);

  return {
    schema: history.present,
    adopt,
    edit,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    status,
    errorMessage,
    problems,
    /** Likely mistakes that do not refuse the form (`schemaWarnings`): shown, never blocking a save. */
    warnings,
    /** A pattern's ReDoS verdict is still loading: `problems` may yet grow. */
    checkingPatterns,
  };
}
