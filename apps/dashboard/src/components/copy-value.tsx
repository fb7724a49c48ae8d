import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A value to hand on elsewhere (a DNS record, a redirect URI, a link): its label, the value
 * wrapping anywhere (it fits 360 px), and a copy button named after it.
 */
export function CopyValue({
  label,
  copyLabel,
  value,
  copy,
  copied,
}: {
  label: string;
  /** The button's accessible name, saying what it copies. */
  copyLabel: string;
  value: string;
  /** The button's text, and its text once copied. */
  copy: string;
  copied: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied: done, copy: run }) => (
            <Button variant="default" size="xs" onClick={run} aria-label={copyLabel}>
              {done ? copied : copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
