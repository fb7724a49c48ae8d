import { type FormSchema, SCHEMA_LIMITS, type Section } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Fieldset, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { ConditionEditor, targetsOf } from './condition-editor.js';
import { JumpsEditor } from './jumps-editor.js';
import { logicTexts } from './logic-texts.js';
import { ProblemList, useProblemText, WarningList } from './problems.js';
import { num } from './question-settings.js';
import { RecallInput } from './recall-input.js';
import { setRepeat } from './schema-edit.js';
import { builderTexts } from './texts.js';

type Repeat = NonNullable<Section['repeat']>;
const MAX_REPEAT = SCHEMA_LIMITS.maxRepeatEntries;

/**
 * A section's (a page's) title, description, whether it repeats (with its fewest and most entries
 * and the add button's label), conditions, and its jumps in a paged form.
 */
export function SectionPanel({
  schema,
  section,
  onChange,
  edit,
  problems,
  warnings,
  disabled,
  fresh = false,
}: {
  schema: FormSchema;
  section: Section;
  onChange: (next: Section, key: string) => void;
  /** A change beyond the section: turning repeat off also drops its add label's translations. */
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  /** Likely mistakes about this section (no path reaches it). */
  warnings: readonly SchemaProblem[];
  disabled: boolean;
  /** Just added: its title takes the focus, to be named at once. */
  fresh?: boolean;
}) {
  const t = useTexts(builderTexts);
  const logic = useTexts(logicTexts);
  const jumpsPath = `$.sections[${schema.sections.indexOf(section)}].jumps`;
  // A repeating section's texts recall its own fields, entry by entry.
  const inside = section.repeat === undefined ? undefined : section.id;
  const repeat = section.repeat;
  const changeRepeat = (next: Repeat | undefined, key: string) =>
    edit((s) => setRepeat(s, section.id, next), `${section.id}.repeat.${key}`);
  // A section's condition may not name its own fields (they are hidden with it).
  const own = new Set(schema.fields.filter((f) => f.sectionId === section.id).map((f) => f.id));
  // Fewest entries above the most shows at the fewest, tied to that input; the rest on top.
  const problemText = useProblemText();
  const minProblem = problems.find((p) => p.path.endsWith('.repeat.min'));
  return (
    <Stack gap="sm">
      <ProblemList problems={problems.filter((p) => p !== minProblem && !p.path.startsWith(jumpsPath))} />
      <WarningList
        warnings={warnings.filter((w) => w.code !== 'jumps_not_paged')}
        label={logic('warnings')}
      />
      <RecallInput
        label={t('sectionTitle')}
        focusOnMount={fresh}
        value={section.title}
        schema={schema}
        inside={inside}
        disabled={disabled}
        onChange={(title) => onChange({ ...section, title }, `${section.id}.title`)}
      />
      <RecallInput
        label={t('sectionDescription')}
        multiline
        value={section.description ?? ''}
        schema={schema}
        inside={inside}
        disabled={disabled}
        onChange={(description) =>
          onChange(
            { ...section, description: description === '' ? undefined : description } as Section,
            `${section.id}.description`,
          )
        }
      />
      <Fieldset legend={t('repeatLegend')} disabled={disabled}>
        <Stack gap="xs">
          <Switch
            label={t('repeatSwitch')}
            checked={repeat !== undefined}
            onChange={(e) => changeRepeat(e.currentTarget.checked ? {} : undefined, 'on')}
          />
          {repeat === undefined ? null : (
            <>
              <Group gap="xs" align="flex-end" wrap="wrap">
                <NumberInput
                  label={t('repeatMin')}
                  min={0}
                  max={MAX_REPEAT}
                  allowDecimal={false}
                  allowNegative={false}
                  value={repeat.min ?? ''}
                  error={minProblem === undefined ? undefined : problemText(minProblem)}
                  onChange={(v) => changeRepeat({ ...repeat, min: num(v) }, 'min')}
                />
                <NumberInput
                  label={t('repeatMax')}
                  min={1}
                  max={MAX_REPEAT}
                  allowDecimal={false}
                  allowNegative={false}
                  value={repeat.max ?? ''}
                  onChange={(v) => changeRepeat({ ...repeat, max: num(v) }, 'max')}
                />
              </Group>
              <TextInput
                label={t('repeatAddLabel')}
                value={repeat.addLabel ?? ''}
                onChange={(e) => changeRepeat({ ...repeat, addLabel: e.currentTarget.value }, 'addLabel')}
              />
            </>
          )}
        </Stack>
      </Fieldset>
      <ConditionEditor
        value={section.conditionalLogic}
        targets={targetsOf(schema).filter((x) => !own.has(x.id) && x.type !== 'file')}
        disabled={disabled}
        onChange={(v) => onChange({ ...section, conditionalLogic: v } as Section, `${section.id}.logic`)}
      />
      <JumpsEditor
        schema={schema}
        section={section}
        edit={edit}
        problems={problems.filter((p) => p.path.startsWith(jumpsPath))}
        disabled={disabled}
      />
    </Stack>
  );
}
