import { Group, Text, TextInput } from '@mantine/core';

/** The from/to dates that narrow a list (responses, figures, the audit log), as one named group of two date fields. */
export function DateRange({
  labels,
  start,
  end,
  onStart,
  onEnd,
}: {
  labels: { legend: string; from: string; to: string };
  start: string;
  end: string;
  onStart: (date: string) => void;
  onEnd: (date: string) => void;
}) {
  return (
    <Group component="fieldset" align="flex-end" wrap="wrap" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={500}>{labels.legend}</Text>
      </legend>
      <TextInput
        type="date"
        label={labels.from}
        value={start}
        onChange={(e) => onStart(e.currentTarget.value)}
      />
      <TextInput type="date" label={labels.to} value={end} onChange={(e) => onEnd(e.currentTarget.value)} />
    </Group>
  );
}
