import { type FormEnding, type FormSchema, MAX_ENDINGS } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Button, Checkbox, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { ConditionGroupsEditor, firstGroups, targetsOf } from './condition-editor.js';
import { addEnding, jumpsTo, removeEnding, renameEnding, replaceEnding, setEndings } from './logic-edit.js';
import { logicTexts } from './logic-texts.js';
import { ProblemList, problemsAt } from './problems.js';
import { useFocusAfter } from './question-settings.js';
import { RecallInput } from './recall-input.js';
import { ReorderButtons } from './reorder-buttons.js';
import { moveItem } from './schema-edit.js';

/** An ending's id as typed: one another ending has is refused (its jumps would merge) and said so. */
function EndingId({
  label,
  id,
  onRename,
  taken,
}: {
  label: string;
  id: string;
  onRename: (to: string) => void;
  taken: (to: string) => boolean;
}) {
  const t = useTexts(logicTexts);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  return (
    <TextInput
      label={label}
      value={typed ?? id}
      error={typed !== undefined && typed !== id ? t('endingIdTaken') : undefined}
      onChange={(e) => {
        const to = e.currentTarget.value;
        if (to === id || !taken(to)) {
          setTyped(undefined);
          onRename(to);
        } else setTyped(to);
      }}
      onBlur={() => setTyped(undefined)}
    />
  );
}

/**
 * The form's endings (docs/form-model.md "Jumps and endings"): added, removed (with the jumps that
 * went to them), reordered (the first whose conditions hold is shown); each with its id, title,
 * message, redirect and the conditions that reach it.
 */
export function EndingsEditor({
  schema,
  edit,
  problems,
  disabled,
}: {
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  /** The problems of `settings.endings`. */
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(logicTexts);
  const [container, focusAfter] = useFocusAfter();
  // The ending just added, whose title takes the focus to be named at once.
  const [added, setAdded] = useState<number | undefined>(undefined);
  const endings = schema.settings?.endings ?? [];
  // Endings are decided on the server from every answer and variable, the quiz's marks included.
  const targets = targetsOf(schema, undefined, undefined, { marks: true }).filter((x) => x.type !== 'file');
  const change = (ending: FormEnding, part: string, next: Partial<FormEnding>) =>
    edit((s) => replaceEnding(s, { ...ending, ...next }), `ending.${ending.id}.${part}`);
  const move = (from: number, to: number) => edit((s) => setEndings(s, moveItem(endings, from, to)));

  return (
    <Fieldset legend={t('endings')} disabled={disabled}>
      <Stack gap="xs" ref={container}>
        <Text size="sm">{t('endingsHelp')}</Text>
        <ProblemList problems={problems.filter((p) => !/^\$\.settings\.endings\[\d+\]/.test(p.path))} />
        {endings.length === 0 ? <Text size="sm">{t('noEndings')}</Text> : null}
        {endings.map((ending, e) => {
          const n = e + 1;
          const jumps = jumpsTo(schema, ending.id);
          return (
            <Fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: the id is being edited, so the place is the key
              key={e}
              legend={t('ending', { n, name: ending.title ?? ending.id })}
              variant="filled"
              // The map of the form opens an ending here (its first box takes the focus).
              data-map-target={`ending:${ending.id}`}
            >
              <Stack gap="xs">
                <ProblemList problems={problemsAt(problems, `$.settings.endings[${e}]`)} />
                <EndingId
                  label={t('endingId', { n })}
                  id={ending.id}
                  taken={(to) => endings.some((x) => x.id === to)}
                  onRename={(to) => edit((s) => renameEnding(s, ending.id, to), `ending.${e}.id`)}
                />
                <RecallInput
                  label={t('endingTitle', { n })}
                  focusOnMount={added === e}
                  value={ending.title ?? ''}
                  schema={schema}
                  disabled={disabled}
                  onChange={(title) => change(ending, 'title', { title })}
                />
                <RecallInput
                  label={t('endingMessage', { n })}
                  multiline
                  hint
                  value={ending.message ?? ''}
                  schema={schema}
                  disabled={disabled}
                  onChange={(message) => change(ending, 'message', { message })}
                />
                <TextInput
                  label={t('endingRedirect', { n })}
                  type="url"
                  placeholder="https://"
                  value={ending.redirectUrl ?? ''}
                  onChange={(event) => change(ending, 'redirect', { redirectUrl: event.currentTarget.value })}
                />
                <Checkbox
                  label={t('endingConditions', { n })}
                  checked={ending.conditionGroups !== undefined}
                  disabled={disabled || (ending.conditionGroups === undefined && targets.length === 0)}
                  onChange={(event) =>
                    change(ending, 'when', {
                      conditionGroups: event.currentTarget.checked ? firstGroups(targets) : undefined,
                    })
                  }
                />
                {ending.conditionGroups === undefined ? null : (
                  <ConditionGroupsEditor
                    prefix={t('endingWhen', { n })}
                    groups={ending.conditionGroups}
                    targets={targets}
                    disabled={disabled}
                    onChange={(conditionGroups) => change(ending, 'when', { conditionGroups })}
                  />
                )}
                {jumps === 0 ? null : <Text size="sm">{t('endingJumps', { count: jumps })}</Text>}
                <ReorderButtons
                  name="ending"
                  focus={focusAfter}
                  index={e}
                  count={endings.length}
                  onMove={move}
                  onRemove={() => edit((s) => removeEnding(s, ending.id))}
                  labels={{
                    up: t('moveEndingUp', { n }),
                    down: t('moveEndingDown', { n }),
                    remove: t('removeEnding', { n }),
                  }}
                />
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button
            data-focus="ending-add"
            variant="default"
            size="xs"
            disabled={endings.length >= MAX_ENDINGS}
            onClick={() => {
              edit((s) => addEnding(s, t('newEnding', { n: endings.length + 1 }))[0]);
              setAdded(endings.length);
            }}
          >
            {t('addEnding')}
          </Button>
        </Group>
        {endings.length >= MAX_ENDINGS ? (
          <Text size="sm">{t('maxEndings', { max: MAX_ENDINGS })}</Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
