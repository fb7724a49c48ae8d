import { type FormSchema, MAX_JUMPS_PER_SECTION, type Section, type SectionJump } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Button, Fieldset, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { ConditionGroupsEditor, firstGroups, targetsOf } from './condition-editor.js';
import { groupsSummary, type SummaryWords } from './condition-summary.js';
import { jumpTargets, setJumps, targetValue } from './logic-edit.js';
import { logicTexts } from './logic-texts.js';
import { useNames } from './names.js';
import { ProblemList, problemsAt } from './problems.js';
import { useFocusAfter } from './question-settings.js';
import { ReorderButtons } from './reorder-buttons.js';
import { moveItem } from './schema-edit.js';

/**
 * A page's jumps (docs/form-model.md "Jumps and endings"): each "when <conditions> go to <a later
 * page | an ending>", in the order they are tried. Conditions through the same editor show/hide
 * uses; the targets only those a jump may name.
 */
export function JumpsEditor({
  schema,
  section,
  edit,
  problems,
  disabled,
}: {
  schema: FormSchema;
  section: Section;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  /** The problems of this section's jumps (`$.sections[i].jumps…`). */
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(logicTexts);
  const [container, focusAfter] = useFocusAfter();
  // The jumps being edited show their pickers; the others are a line each. A new one opens.
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (j: number) =>
    setOpen(open.has(j) ? new Set([...open].filter((i) => i !== j)) : new Set([...open, j]));
  const names = useNames();
  const summaryWords: SummaryWords = {
    operator: names.operator,
    and: t('summaryAnd'),
    or: t('summaryOr'),
    yes: t('summaryYes'),
    no: t('summaryNo'),
  };
  const jumps = section.jumps ?? [];
  const choices = jumpTargets(schema, section.id);
  const targets = targetsOf(schema).filter((x) => x.type !== 'file');
  const path = `$.sections[${schema.sections.indexOf(section)}].jumps`;
  const setAll = (next: SectionJump[], key?: string) =>
    edit((s) => setJumps(s, section.id, next), key === undefined ? undefined : `${section.id}.jumps.${key}`);
  const setJump = (j: number, next: SectionJump, key?: string) =>
    setAll(
      jumps.map((x, i) => (i === j ? next : x)),
      key,
    );
  const canAdd = choices.length > 0 && targets.length > 0 && jumps.length < MAX_JUMPS_PER_SECTION;
  const paged = schema.settings?.layout === 'paged';
  // Jumps are followed between pages only; a form of one page shows them only to remove them.
  if (!paged && jumps.length === 0) return null;

  return (
    <Fieldset legend={t('jumps')} disabled={disabled}>
      <Stack gap="xs" ref={container}>
        <Text size="sm">{t('jumpsHelp')}</Text>
        {paged ? null : (
          <Text size="sm" fw={700}>
            {t('jumpsNotPaged')}
          </Text>
        )}
        <ProblemList problems={problems.filter((p) => !/^\$\.sections\[\d+\]\.jumps\[\d+\]/.test(p.path))} />
        {jumps.map((jump, j) => {
          const n = j + 1;
          const value = targetValue(jump.to);
          const choice = choices.find((c) => c.value === value);
          const targetName =
            choice === undefined
              ? value.slice(value.indexOf(':') + 1)
              : t(choice.kind === 'section' ? 'toPage' : 'toEnding', { name: choice.name });
          const own = problemsAt(problems, `${path}[${j}]`);
          // A jump with a problem shows its pickers, where the problem is mended.
          const editing = open.has(j) || own.length > 0;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: jumps have no id; their place is their identity
            <Paper key={j} withBorder p="xs" component="section" aria-label={t('jump', { n })}>
              <Stack gap="xs">
                {/* One line per jump: what it says, and its buttons; its pickers only while edited. */}
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text span fw={700} size="sm">
                      {`${n}. `}
                    </Text>
                    {t('jumpSummary', {
                      condition: groupsSummary(jump.conditionGroups, schema, summaryWords),
                      target: targetName,
                    })}
                  </Text>
                  <Button
                    variant={editing ? 'light' : 'default'}
                    size="compact-sm"
                    aria-expanded={editing}
                    aria-label={t('editJump', { n })}
                    data-focus={`jump-edit-${j}`}
                    onClick={() => toggle(j)}
                  >
                    ✎
                  </Button>
                  <ReorderButtons
                    name="jump"
                    compact
                    focus={focusAfter}
                    index={j}
                    count={jumps.length}
                    onMove={(from, to) => {
                      setAll(moveItem(jumps, from, to));
                      setOpen(new Set([...open].map((i) => (i === from ? to : i === to ? from : i))));
                    }}
                    onRemove={() => {
                      setAll(jumps.filter((_, i) => i !== j));
                      setOpen(new Set([...open].filter((i) => i !== j).map((i) => (i > j ? i - 1 : i))));
                    }}
                    labels={{
                      up: t('moveJumpUp', { n }),
                      down: t('moveJumpDown', { n }),
                      remove: t('removeJump', { n }),
                    }}
                  />
                </Group>
                <ProblemList problems={own} />
                {editing ? (
                  <Fieldset legend={t('jump', { n })} variant="unstyled">
                    <Stack gap="xs">
                      <NativeSelect
                        data-focus={`jump-${j}`}
                        label={t('jumpTo', { n })}
                        value={value}
                        data={[
                          // A target no longer offered (a page moved before this one) stays shown as it is.
                          ...(choice !== undefined ? [] : [{ value, label: targetName }]),
                          ...choices.map((c) => ({
                            value: c.value,
                            label: t(c.kind === 'section' ? 'toPage' : 'toEnding', { name: c.name }),
                          })),
                        ]}
                        onChange={(e) => {
                          const next = choices.find((c) => c.value === e.currentTarget.value);
                          if (next !== undefined) setJump(j, { ...jump, to: next.to });
                        }}
                      />
                      <ConditionGroupsEditor
                        prefix={t('jump', { n })}
                        groups={jump.conditionGroups}
                        targets={targets}
                        disabled={disabled}
                        // A jump without conditions would be no jump: the last one removed takes it along.
                        onChange={(groups) =>
                          groups === undefined
                            ? setAll(jumps.filter((_, i) => i !== j))
                            : setJump(j, { ...jump, conditionGroups: groups }, `${j}.when`)
                        }
                      />
                    </Stack>
                  </Fieldset>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        {choices.length === 0 ? <Text size="sm">{t('noJumpTarget')}</Text> : null}
        <Group>
          <Button
            data-focus="jump-add"
            variant="default"
            size="xs"
            disabled={!canAdd}
            onClick={() => {
              setAll([...jumps, { conditionGroups: firstGroups(targets), to: choices[0]!.to }]);
              setOpen(new Set([...open, jumps.length]));
              // The new jump's target takes the focus: where it goes is chosen first.
              focusAfter(`jump-${jumps.length}`);
            }}
          >
            {t('addJump')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
