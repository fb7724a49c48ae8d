import type { FormSchema, FormVariable } from '@formloom/contract';
import { VARIABLE_TYPES } from '@formloom/contract';
import { prefillTargets, type SchemaProblem } from '@formloom/contract/engine';
import { Button, Fieldset, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { CalculationEditor } from './calculation-editor.js';
import { ProblemList, problemsAt } from './problems.js';
import { useFocusAfter } from './question-settings.js';
import { freshId, repeatingSectionOf } from './schema-edit.js';
import { builderTexts } from './texts.js';

export function VariablesPanel({
  schema,
  edit,
  problems,
  disabled,
}: {
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  const variables = schema.variables ?? [];
  const setVariables = (next: FormVariable[], key?: string) =>
    edit((s) => {
      const { variables: _drop, ...rest } = s;
      return next.length === 0 ? rest : { ...rest, variables: next };
    }, key);
  // Fields whose answers count in a score: options with a score (picture choices too), or a
  // matrix's columns with one; not in a repeating section, whose fields a variable reads only by
  // counting or summing entries.
  const scored = schema.fields.filter(
    (f) =>
      (f.options?.some((o) => o.score !== undefined) ||
        f.matrix?.columns.some((c) => c.score !== undefined)) &&
      repeatingSectionOf(schema, f.id) === undefined,
  );
  const prefillable = prefillTargets(schema);

  const [container, focusAfter] = useFocusAfter();
  return (
    <Stack gap="md" ref={container}>
      <Title order={2} size="h4">
        {t('variables')}
      </Title>
      <Text size="sm">{t('variablesIntro')}</Text>
      <ProblemList
        problems={problemsAt(problems, '$.variables').filter((p) => !/^\$\.variables\[\d+\]/.test(p.path))}
      />
      {variables.length === 0 ? <Text size="sm">{t('noVariables')}</Text> : null}
      {variables.map((variable, v) => {
        const n = v + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the id is being edited, so the place is the key
          <Fieldset key={v} legend={variable.id} disabled={disabled}>
            <Stack gap="xs">
              <ProblemList problems={problemsAt(problems, `$.variables[${v}]`)} />
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  data-focus={`variable-${v}`}
                  label={t('variableId', { n })}
                  value={variable.id}
                  onChange={(e) =>
                    setVariables(
                      variables.map((x, i) => (i === v ? { ...x, id: e.currentTarget.value } : x)),
                      `var.${v}.id`,
                    )
                  }
                />
                <NativeSelect
                  label={t('variableType', { n })}
                  value={variable.type}
                  data={[...VARIABLE_TYPES]}
                  onChange={(e) =>
                    setVariables(
                      variables.map((x, i) =>
                        i === v ? { ...x, type: e.currentTarget.value as FormVariable['type'] } : x,
                      ),
                    )
                  }
                />
              </Group>
              <CalculationEditor
                n={n}
                schema={schema}
                variable={variable}
                disabled={disabled}
                onChange={(expression) =>
                  setVariables(
                    variables.map((x, i) => (i === v ? { ...x, expression } : x)),
                    `var.${v}.expr`,
                  )
                }
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => setVariables(variables.filter((_, i) => i !== v))}
              >
                {t('removeVariable', { n })}
              </Button>
            </Stack>
          </Fieldset>
        );
      })}
      <Group gap="xs">
        <Button
          variant="default"
          disabled={disabled}
          onClick={() => {
            setVariables([...variables, { id: freshId(schema, 'variable'), type: 'number', expression: 0 }]);
            // The new variable's id takes the focus, to be named at once.
            focusAfter(`variable-${variables.length}`);
          }}
        >
          {t('addVariable')}
        </Button>
        <Button
          variant="default"
          disabled={disabled || scored.length === 0}
          onClick={() =>
            setVariables([
              ...variables,
              {
                id: freshId(schema, 'score'),
                type: 'number',
                expression:
                  scored.length === 1
                    ? { score: scored[0]!.id }
                    : { '+': scored.map((f) => ({ score: f.id })) },
              },
            ])
          }
        >
          {t('addScore')}
        </Button>
      </Group>

      <Title order={2} size="h4">
        {t('hiddenFields')}
      </Title>
      <Text size="sm">{t('hiddenIntro')}</Text>
      {prefillable.length === 0 ? (
        <Text size="sm">{t('noPrefill')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table aria-label={t('hiddenFields')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('label')}</Table.Th>
                <Table.Th scope="col">{t('fieldType')}</Table.Th>
                <Table.Th scope="col">{t('parameter')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prefillable.map((target) => {
                const field = schema.fields.find((f) => f.id === target.fieldId);
                return (
                  <Table.Tr key={target.fieldId}>
                    <Table.Td>{field?.label ?? target.fieldId}</Table.Td>
                    <Table.Td>{field?.type}</Table.Td>
                    <Table.Td>
                      <code>?{target.param}=</code>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
