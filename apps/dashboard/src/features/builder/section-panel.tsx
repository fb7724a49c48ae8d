import type { FormSchema, Section } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { ConditionEditor, targetsOf } from './condition-editor.js';
import { ProblemList } from './problems.js';
import { builderTexts } from './texts.js';

/** A section's (a page's) title, description and conditions. */
export function SectionPanel({
  schema,
  section,
  onChange,
  problems,
  disabled,
}: {
  schema: FormSchema;
  section: Section;
  onChange: (next: Section, key: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  // A section's condition may not name its own fields (they are hidden with it).
  const own = new Set(schema.fields.filter((f) => f.sectionId === section.id).map((f) => f.id));
  return (
    <Stack gap="sm">
      <ProblemList problems={problems} />
      <TextInput
        label={t('sectionTitle')}
        value={section.title}
        disabled={disabled}
        onChange={(e) => onChange({ ...section, title: e.currentTarget.value }, `${section.id}.title`)}
      />
      <Textarea
        label={t('sectionDescription')}
        autosize
        value={section.description ?? ''}
        disabled={disabled}
        onChange={(e) => {
          const description = e.currentTarget.value;
          onChange(
            { ...section, description: description === '' ? undefined : description } as Section,
            `${section.id}.description`,
          );
        }}
      />
      <ConditionEditor
        value={section.conditionalLogic}
        targets={targetsOf(schema).filter((x) => !own.has(x.id) && x.type !== 'file')}
        disabled={disabled}
        onChange={(v) => onChange({ ...section, conditionalLogic: v } as Section, `${section.id}.logic`)}
      />
    </Stack>
  );
}
