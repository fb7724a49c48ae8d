import type { FormSchema, FormVariable, JsonValue } from '@formloom/contract';
import { VARIABLE_TYPES } from '@formloom/contract';
import { prefillTargets, type SchemaProblem } from '@formloom/contract/engine';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { ProblemList, problemsAt } from './problems.js';
import { freshId, repeatingSectionOf } from './schema-edit.js';
import { builderTexts } from './texts.js';

/** A variable's expression as JSON text; a text that does not parse is kept here, not in the schema. */
function ExpressionInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: JsonValue;
  onChange: (value: JsonValue) => void;
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  const [text, setText] = useState(() => JSON.stringify(value));
  const [bad, setBad] = useState(false);
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={text}
      disabled={disabled}
      error={bad ? t('invalidJson') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        try {
          onChange(JSON.parse(next) as JsonValue);
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

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

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('variables')}
      </Title>
      <Text size="sm">{t('variablesIntro')}</Text>
      <ProblemList problems={problemsAt(problems, '$.variables')} />
      {variables.length === 0 ? <Text size="sm">{t('noVariables')}</Text> : null}
      {variables.map((variable, v) => {
        const n = v + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the id is being edited, so the place is the key
          <Fieldset key={v} legend={variable.id} disabled={disabled}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
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
              <ExpressionInput
                label={t('variableExpression', { n })}
                value={variable.expression}
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
          onClick={() =>
            setVariables([...variables, { id: freshId(schema, 'variable'), type: 'number', expression: 0 }])
          }
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
