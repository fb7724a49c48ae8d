import { type FormSchema, MAX_JUMPS_PER_SECTION, type Section, type SectionJump } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { ConditionGroupsEditor, firstGroups, targetsOf } from './condition-editor.js';
import { jumpTargets, setJumps, targetValue } from './logic-edit.js';
import { logicTexts } from './logic-texts.js';
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
          const known = choices.some((c) => c.value === value);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: jumps have no id; their place is their identity
            <Fieldset key={j} legend={t('jump', { n })} variant="filled">
              <Stack gap="xs">
                <ProblemList problems={problemsAt(problems, `${path}[${j}]`)} />
                <NativeSelect
                  data-focus={`jump-${j}`}
                  label={t('jumpTo', { n })}
                  value={value}
                  data={[
                    // A target no longer offered (a page moved before this one) stays shown as it is.
                    ...(known ? [] : [{ value, label: value.slice(value.indexOf(':') + 1) }]),
                    ...choices.map((c) => ({
                      value: c.value,
                      label: t(c.kind === 'section' ? 'toPage' : 'toEnding', { name: c.name }),
                    })),
                  ]}
                  onChange={(e) => {
                    const choice = choices.find((c) => c.value === e.currentTarget.value);
                    if (choice !== undefined) setJump(j, { ...jump, to: choice.to });
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
                <ReorderButtons
                  name="jump"
                  focus={focusAfter}
                  index={j}
                  count={jumps.length}
                  onMove={(from, to) => setAll(moveItem(jumps, from, to))}
                  onRemove={() => setAll(jumps.filter((_, i) => i !== j))}
                  labels={{
                    up: t('moveJumpUp', { n }),
                    down: t('moveJumpDown', { n }),
                    remove: t('removeJump', { n }),
                  }}
                />
              </Stack>
            </Fieldset>
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
