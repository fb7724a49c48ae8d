import type { SchemaProblem } from '@formloom/contract/engine';
import { List, Text } from '@mantine/core';

/** The problems whose path starts at `prefix` (`$.fields[3]`), i.e. that concern that part. */
export function problemsAt(problems: readonly SchemaProblem[], prefix: string): SchemaProblem[] {
  return problems.filter(
    (p) => p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path.startsWith(`${prefix}[`),
  );
}

/** Integrity problems beside what they concern, announced as they appear. */
export function ProblemList({ problems }: { problems: readonly SchemaProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert">
      <List size="sm" c="red.9">
        {problems.map((p) => (
          <List.Item key={`${p.path} ${p.code}`}>
            <Text size="sm" c="red.9">
              {p.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
