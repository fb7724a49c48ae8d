import type { FormSchema } from '@formloom/contract';
import { Box, Paper, Text, Textarea, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { logicTexts } from './logic-texts.js';
import {
  filterOptions,
  insertRecall,
  type OpenRecall,
  openRecallAt,
  type RecallIssue,
  recallIssues,
  recallOptions,
} from './recall.js';

/** The most choices the menu lists at once: typing narrows them (and the list never scrolls). */
const MAX_SHOWN = 8;

/**
 * A text box whose text may recall answers (`{{id}}`): typing `{{` opens a list of the fields and
 * variables it may recall, narrowed as the name is typed (ARIA combobox: the focus stays in the
 * box, the arrow keys move through the list, Enter or Tab puts the choice in, Escape closes it).
 * A name that recalls nothing, and a `{name}` with single braces, are said under the box as typed.
 */
export function RecallInput({
  label,
  value,
  onChange,
  schema,
  inside,
  multiline = false,
  required = false,
  disabled,
  hint = false,
  focusOnMount = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  schema: FormSchema;
  /** The repeating section the text belongs to: its own fields may be recalled too. */
  inside?: string | undefined;
  multiline?: boolean;
  required?: boolean;
  disabled: boolean;
  /** Say under the label how to recall (on the longer texts, where recall is most used). */
  hint?: boolean;
  /**
   * Take the focus when first shown, the text selected: what was just added (a question, a page,
   * an ending) is named next, so typing replaces its placeholder name without a click or a Tab.
   */
  focusOnMount?: boolean;
}) {
  const t = useTexts(logicTexts);
  const listId = `${useId()}-recall`;
  const box = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [open, setOpen] = useState<OpenRecall | undefined>(undefined);
  const [active, setActive] = useState(0);
  const caretAfter = useRef<number | undefined>(undefined);
  const options = useMemo(() => recallOptions(schema, inside), [schema, inside]);
  const known = useMemo(() => new Set(options.map((o) => o.id)), [options]);
  const shown = open === undefined ? [] : filterOptions(options, open.query).slice(0, MAX_SHOWN);
  const expanded = open !== undefined && shown.length > 0;
  const issues = recallIssues(value, known);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box is first shown
  useEffect(() => {
    if (!focusOnMount) return;
    box.current?.focus();
    box.current?.select();
  }, []);

  // After a choice is put in, the caret goes after it (React has replaced the text by then).
  useLayoutEffect(() => {
    if (caretAfter.current === undefined || box.current === null) return;
    box.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = undefined;
  });

  /** Opens or closes the menu for the text and caret now. */
  const follow = (text: string, caret: number) => {
    const next = openRecallAt(text, caret);
    if (next?.start !== open?.start || next?.query !== open?.query) setActive(0);
    setOpen(next);
  };

  const choose = (id: string) => {
    if (open === undefined || box.current === null) return;
    const caret = box.current.selectionStart ?? value.length;
    const next = insertRecall(value, open, caret, id);
    caretAfter.current = next.caret;
    setOpen(undefined);
    onChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (open === undefined) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(undefined);
      return;
    }
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(shown[Math.min(active, shown.length - 1)]!.id);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const props = {
    ref: box,
    label,
    required,
    disabled,
    value,
    description: hint ? t('recallHint') : undefined,
    error: issues.length === 0 ? undefined : <IssueList issues={issues} />,
    // A one-line box is the combobox itself; a textarea keeps its textbox role, which takes the
    // same list through aria-controls and aria-activedescendant.
    ...(multiline ? {} : { role: 'combobox', 'aria-expanded': expanded }),
    'aria-autocomplete': 'list' as const,
    'aria-controls': expanded ? listId : undefined,
    'aria-activedescendant': expanded ? optionId(Math.min(active, shown.length - 1)) : undefined,
    onChange: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      const { value: text, selectionStart } = e.currentTarget;
      onChange(text);
      follow(text, selectionStart ?? text.length);
    },
    onSelect: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      follow(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length),
    onKeyDown,
    onBlur: () => setOpen(undefined),
  };

  return (
    <Box pos="relative">
      {multiline ? <Textarea autosize {...props} /> : <TextInput {...props} />}
      {expanded ? (
        <Paper
          withBorder
          shadow="md"
          pos="absolute"
          left={0}
          right={0}
          style={{ zIndex: 300 }}
          role="listbox"
          id={listId}
          aria-label={t('recallList')}
        >
          {shown.map((option, i) => (
            <Box
              key={option.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              fz="sm"
              px="sm"
              py={6}
              bg={i === active ? 'blue.1' : undefined}
              style={{ cursor: 'pointer' }}
              // Pressed, not clicked: the box keeps the focus (a click would blur it first).
              onMouseDown={(e) => {
                e.preventDefault();
                choose(option.id);
              }}
            >
              {option.kind === 'variable'
                ? `${option.id} (${t('variableWord')})`
                : `${option.label} (${option.id})`}
            </Box>
          ))}
        </Paper>
      ) : null}
      {open !== undefined && shown.length === 0 && open.query !== '' ? (
        <Text size="xs" role="status">
          {t('recallNothing', { query: open.query })}
        </Text>
      ) : null}
    </Box>
  );
}

/** What will not recall in the text, one line each (inside the error's paragraph: phrasing only). */
function IssueList({ issues }: { issues: readonly RecallIssue[] }) {
  const t = useTexts(logicTexts);
  return (
    <>
      {issues.map((issue) => (
        <span key={`${issue.kind} ${issue.id}`} style={{ display: 'block' }}>
          {t(issue.kind === 'unknown' ? 'recallUnknown' : 'recallSingle', { id: issue.id })}
        </span>
      ))}
    </>
  );
}
