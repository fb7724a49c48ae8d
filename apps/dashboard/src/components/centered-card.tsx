import { Container, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from './language-picker.js';

/** The signed-out pages: one card in the middle, the language picker above it. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={420} px="md" py="xl" component="main">
      <Group justify="flex-end" mb="md">
        <LanguagePicker />
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
