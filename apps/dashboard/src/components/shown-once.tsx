import { Alert, Button, Code, CopyButton, Stack } from '@mantine/core';

/** A secret shown this once (a new key, an invitation link): the value, a warning and a copy button. */
export function ShownOnce({
  label,
  value,
  warning,
  copy,
  copied,
}: {
  label: string;
  value: string;
  warning: string;
  copy: string;
  copied: string;
}) {
  return (
    <Stack gap="xs">
      <Alert
        color="yellow"
        role="status"
        title={label}
        // Yellow text on its light background is too faint to read: the title is dark.
        styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      >
        {warning}
      </Alert>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied: done, copy: run }) => (
          <Button variant="light" onClick={run} aria-live="polite">
            {done ? copied : copy}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** The message of a failed call, for an alert. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
