import { Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ScrollTable } from '../../components/scroll-table.js';

/** One series of a chart: the row field it draws, its label and colour. */
export interface Series<Row> {
  key: keyof Row & string;
  label: string;
  color: string;
}

/**
 * A chart and, under it, the same figures as a table: the table is what a screen reader, a
 * keyboard and a test read (the drawing is one image named by the title). recharts is imported
 * only here, in the analytics page's lazy chunk.
 */
export function Figure<Row extends Record<string, string | number>>({
  title,
  kind,
  rows,
  category,
  series,
  format = String,
}: {
  title: string;
  kind: 'bar' | 'line';
  rows: Row[];
  /** The row field along the axis (a period, a label) and its column's heading. */
  category: { key: keyof Row & string; label: string };
  series: Series<Row>[];
  format?: (value: number) => string;
}) {
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="x" dataKey={(row: Row) => row[category.key]} tick={{ fontSize: 12 }} />,
    <YAxis key="y" width={40} tick={{ fontSize: 12 }} allowDecimals={kind === 'line'} />,
    <Tooltip key="tip" />,
  ];
  let chart: ReactElement;
  if (kind === 'bar') {
    chart = (
      <BarChart data={rows} accessibilityLayer={false}>
        {axes}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={(row: Row) => row[s.key]}
            name={s.label}
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    );
  } else {
    chart = (
      <LineChart data={rows} accessibilityLayer={false}>
        {axes}
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={(row: Row) => row[s.key]}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <div role="img" aria-label={title} style={{ width: '100%', height: 220 }}>
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </div>
        <ScrollTable label={title}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{category.label}</Table.Th>
                {series.map((s) => (
                  <Table.Th scope="col" key={s.key}>
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row[category.key])}>
                  <Table.Th scope="row">{String(row[category.key])}</Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.key}>{format(Number(row[s.key]))}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  );
}
