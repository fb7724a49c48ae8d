import { countryNames } from '@formloom/contract/engine/parts';
import type { Field, FormFigures, SectionFigures } from '@formloom/sdk';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { DateRange } from '../../components/date-range.js';
import { Link } from '../../components/link.js';
import { PageLoading, PageMissing } from '../../components/page-state.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useForm } from '../forms/queries.js';
import { fieldsInOrder } from './answers.js';
import { figuresTexts } from './figures-texts.js';
import { formatMoney } from './payment-money.js';
import { paymentTexts } from './payment-texts.js';
import { useFigures } from './queries.js';

type Row = { name: string; count: number };

/**
 * Bars of `rows` beside a table of the same figures: the chart is for the eye (hidden from
 * assistive technology), the table is what a screen reader and a keyboard reach.
 */
function ChartWithTable({
  caption,
  columns,
  rows,
  layout = 'horizontal',
}: {
  caption: string;
  columns: [string, string];
  rows: Row[];
  layout?: 'horizontal' | 'vertical';
}) {
  const tx = useTexts(figuresTexts);
  const { language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const vertical = layout === 'vertical';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <div aria-hidden="true" title={tx('chartOf', { name: caption })} style={{ minWidth: 0 }}>
        <ResponsiveContainer width="100%" height={vertical ? Math.max(120, rows.length * 36) : 220}>
          <BarChart data={rows} layout={vertical ? 'vertical' : 'horizontal'} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            {vertical ? (
              <>
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={110} interval={0} />
              </>
            ) : (
              <>
                <XAxis dataKey="name" />
                <YAxis allowDecimals={false} width={40} />
              </>
            )}
            <Bar dataKey="count" fill="var(--mantine-color-blue-6)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table.ScrollContainer minWidth={200}>
        <Table striped>
          <caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</caption>
          <ColumnHeads labels={[columns[0], columns[1]]} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Th scope="row" fw={400}>
                  {row.name}
                </Table.Th>
                <Table.Td>{number.format(row.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SimpleGrid>
  );
}

type Histogram = NonNullable<FormFigures['fields'][string]['numbers']>['histogram'];

/**
 * A number field's bins named for a reader: whole numbers by the values they hold ("7", "10–14"),
 * other numbers by their bounds ("2.5 to under 3").
 */
function binRows(
  histogram: Histogram,
  number: Intl.NumberFormat,
  tx: (key: 'fromUnder', values: { from: string; to: string }) => string,
): Row[] {
  return histogram.bins.map((bin) => {
    const from = number.format(bin.from);
    const last = number.format(bin.to - 1);
    const name = !histogram.wholeNumbers
      ? tx('fromUnder', { from, to: number.format(bin.to) })
      : bin.to - bin.from === 1
        ? from
        : `${from}–${last}`;
    return { name, count: bin.count };
  });
}

/** Counts per country code (most answered first) named in `language`, in the same order. */
function countryRows(countries: Record<string, number>, language: string): Row[] {
  const names = new Map(countryNames(language, Object.keys(countries)));
  return Object.entries(countries).map(([code, count]) => ({ name: names.get(code) ?? code, count }));
}

/** A figure name beside its value, as a table. */
function FigureTable({ caption, rows }: { caption: string; rows: [string, number | null][] }) {
  const tx = useTexts(figuresTexts);
  const { language } = useI18n();
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
  return (
    <Table striped>
      <caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</caption>
      <ColumnHeads labels={[tx('figure'), tx('value')]} />
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={400}>
              {name}
            </Table.Th>
            <Table.Td>{value === null ? '–' : number.format(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A matrix's counts: its rows down, its columns across, as the form lists them. */
function MatrixTable({ field, counts }: { field: Field; counts: Record<string, Record<string, number>> }) {
  const tx = useTexts(figuresTexts);
  const { language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const columns = field.matrix?.columns ?? [];
  return (
    <Table.ScrollContainer minWidth={200}>
      <Table striped>
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>{field.label}</caption>
        <ColumnHeads labels={[tx('row'), ...columns.map((c) => c.label)]} />
        <Table.Tbody>
          {(field.matrix?.rows ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.value}>{number.format(counts[row.id]?.[c.value] ?? 0)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A ranking's options, best mean rank first: how many ranked each and its mean position. */
function RankingTable({
  field,
  ranking,
  other,
  labelOf,
}: {
  field: Field;
  ranking: Record<string, { ranked: number; meanRank: number | null }>;
  other: number | undefined;
  labelOf: (field: Field, value: string) => string;
}) {
  const tx = useTexts(figuresTexts);
  const { language } = useI18n();
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
  const rows = Object.entries(ranking).sort(
    ([, x], [, y]) => (x.meanRank ?? Number.POSITIVE_INFINITY) - (y.meanRank ?? Number.POSITIVE_INFINITY),
  );
  return (
    <Table striped>
      <caption style={{ captionSide: 'top', textAlign: 'start' }}>{field.label}</caption>
      <ColumnHeads labels={[tx('option'), tx('meanRank'), tx('ranked')]} />
      <Table.Tbody>
        {rows.map(([value, r]) => (
          <Table.Tr key={value}>
            <Table.Th scope="row" fw={400}>
              {labelOf(field, value)}
            </Table.Th>
            <Table.Td>{r.meanRank === null ? '–' : number.format(r.meanRank)}</Table.Td>
            <Table.Td>{number.format(r.ranked)}</Table.Td>
          </Table.Tr>
        ))}
        {other === undefined ? null : (
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {tx('other')}
            </Table.Th>
            <Table.Td>–</Table.Td>
            <Table.Td>{number.format(other)}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** A repeating section's figures: responses with entries, the entries, and responses per number of them. */
function EntriesCard({ section, total }: { section: SectionFigures; total: number }) {
  const tx = useTexts(figuresTexts);
  const { language } = useI18n();
  const number = new Intl.NumberFormat(language);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4">
        {section.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {tx('answered', { answered: section.answered, total })}
      </Text>
      <ChartWithTable
        caption={tx('byEntries', { name: section.title })}
        columns={[tx('entryCount'), tx('count')]}
        rows={section.distribution.map((d) => ({ name: number.format(d.value), count: d.count }))}
      />
      <FigureTable
        caption={section.title}
        rows={[
          [tx('entries'), section.entries],
          [tx('meanEntries'), section.mean],
        ]}
      />
    </Paper>
  );
}

/** A form's figures as the server counts them: responses over time, the drop-off funnel, each field. */
/**
 * A quiz's figures: the responses marked, the mean score and the passes, the responses per score,
 * and each question's share of right answers among the responses it was asked in.
 */
function QuizCard({ quiz, fields }: { quiz: NonNullable<FormFigures['quiz']>; fields: readonly Field[] }) {
  const tx = useTexts(figuresTexts);
  const labels = new Map(fields.map((f) => [f.id, f.label]));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        {tx('quiz')}
      </Title>
      <Stack>
        <FigureTable
          caption={tx('quiz')}
          rows={[
            [tx('quizMarked'), quiz.responses],
            [tx('quizMean'), quiz.meanScore],
            [tx('quizPassed'), quiz.passed],
          ]}
        />
        <ChartWithTable
          caption={tx('quizScores')}
          columns={[tx('quizScore'), tx('count')]}
          rows={quiz.scores.map((s) => ({ name: `${s.score} %`, count: s.count }))}
        />
        <ChartWithTable
          caption={tx('quizQuestions')}
          columns={[tx('quizQuestion'), tx('quizRight')]}
          layout="vertical"
          rows={Object.entries(quiz.questions).map(([id, q]) => ({
            name: labels.get(id) ?? id,
            count: q.share === null ? 0 : Math.round(q.share * 1000) / 10,
          }))}
        />
      </Stack>
    </Paper>
  );
}

/**
 * A payment form's revenue: per currency, what its paid responses took less refunds, the refunds
 * and how many paid, each amount as the member's language writes money.
 */
function RevenueCard({ revenue }: { revenue: NonNullable<FormFigures['revenue']> }) {
  const px = useTexts(paymentTexts);
  const { language } = useI18n();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="figures-revenue">
      <Title order={2} size="h3" mb="sm" id="figures-revenue">
        {px('revenue')}
      </Title>
      <Text size="sm" mb="sm">
        {px('revenueHint')}
      </Text>
      {revenue.length === 0 ? (
        <Text>{px('noRevenue')}</Text>
      ) : (
        <ScrollTable label={px('revenue')}>
          <Table>
            <ColumnHeads labels={[px('currency'), px('net'), px('refundedColumn'), px('payments')]} />
            <Table.Tbody>
              {revenue.map((r) => (
                <Table.Tr key={r.currency}>
                  <Table.Th scope="row">{r.currency}</Table.Th>
                  <Table.Td>{formatMoney(r.amount, r.currency, language)}</Table.Td>
                  <Table.Td>{formatMoney(r.refunded, r.currency, language)}</Table.Td>
                  <Table.Td>{r.payments}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}

export default function FiguresPage({ params }: PageProps) {
  const formId = params.formId!;
  const tx = useTexts(figuresTexts);
  const { t, language } = useI18n();
  const form = useForm(formId);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const figures = useFigures(formId, { startDate, endDate });
  const back = <Link to={pathTo('/forms/:formId/responses', { formId })}>{tx('backToResponses')}</Link>;

  if (form.isPending) return <PageLoading />;
  if (form.isError) return <PageMissing heading={tx('heading')} message={tx('notFound')} back={back} />;

  const data = figures.data;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 10 });
  const labelOf = (field: Field, value: string) =>
    field.options?.find((o) => o.value === value)?.label ?? value;
  const fields = fieldsInOrder(form.data.schema);
  const jumps =
    form.data.schema.settings?.layout === 'paged' &&
    form.data.schema.sections.some((s) => (s.jumps?.length ?? 0) > 0);
  // A repeating section's figures come before its first field's.
  const firstOf = new Set<string>();
  const met = new Set<string>();
  for (const field of fields) {
    const section = data?.fields[field.id]?.section;
    if (section === undefined || met.has(section)) continue;
    met.add(section);
    firstOf.add(field.id);
  }

  return (
    <Stack>
      {back}
      <div>
        <Title order={1} size="h2">
          {tx('heading')}
        </Title>
        <Text c="dimmed">{form.data.title}</Text>
      </div>
      <DateRange
        labels={{ legend: tx('filters'), from: tx('from'), to: tx('to') }}
        start={startDate}
        end={endDate}
        onStart={setStartDate}
        onEnd={setEndDate}
      />
      {figures.isPending ? (
        <PageLoading />
      ) : figures.isError || data === undefined ? (
        <Text role="alert">{t('somethingWrong')}</Text>
      ) : (
        <>
          <Text role="status" fw={500}>
            {data.responseCount === 0 ? tx('none') : tx('responses', { count: data.responseCount })}
          </Text>
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {tx('overTime')}
            </Title>
            <ChartWithTable
              caption={tx('overTime')}
              columns={[tx('day'), tx('count')]}
              rows={data.overTime.map((p) => ({ name: p.period, count: p.count }))}
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h3" mb="sm">
              {tx('funnel')}
            </Title>
            {/* The server counts a page along each respondent's path: with jumps, a page some skip
                has fewer than the page before it without anyone having stopped there. */}
            {jumps ? (
              <Text size="sm" mb="sm">
                {tx('funnelPaths')}
              </Text>
            ) : null}
            <ChartWithTable
              caption={tx('funnel')}
              columns={[tx('step'), tx('reached')]}
              layout="vertical"
              rows={[
                { name: tx('started'), count: data.dropOff.started },
                // A page without a title is named by its place ("Page 2"), never by its section id.
                ...data.dropOff.pages.map((p, i) => ({
                  name: p.title || tx('pageN', { n: i + 1 }),
                  count: p.reached,
                })),
                { name: tx('completed'), count: data.dropOff.completed },
              ]}
            />
          </Paper>
          {data.revenue === undefined ? null : <RevenueCard revenue={data.revenue} />}
          {data.quiz === undefined ? null : <QuizCard quiz={data.quiz} fields={fields} />}
          <Title order={2} size="h3">
            {tx('fields')}
          </Title>
          {fields.map((field) => {
            const f = data.fields[field.id];
            if (f === undefined) return null;
            // A repeating section's fields are counted over its entries.
            const section = f.section === undefined ? undefined : data.sections?.[f.section];
            return (
              <Fragment key={field.id}>
                {section !== undefined && firstOf.has(field.id) ? (
                  <EntriesCard section={section} total={data.responseCount} />
                ) : null}
                <Paper withBorder p="md">
                  <Title order={3} size="h4">
                    {field.label}
                  </Title>
                  <Text size="sm" c="dimmed" mb="sm">
                    {section === undefined
                      ? tx('answered', { answered: f.answered, total: data.responseCount })
                      : tx('answeredEntries', { answered: f.answered, total: section.entries })}
                  </Text>
                  {f.options ? (
                    <ChartWithTable
                      caption={field.label}
                      columns={[tx('option'), tx('count')]}
                      layout="vertical"
                      rows={Object.entries(f.options).map(([value, count]) => ({
                        name: labelOf(field, value),
                        count,
                      }))}
                    />
                  ) : null}
                  {f.other !== undefined && f.ranking === undefined ? (
                    <FigureTable caption={field.label} rows={[[tx('other'), f.other]]} />
                  ) : null}
                  {/* An NPS field's score first: the figure its readers look for. */}
                  {f.nps ? (
                    <FigureTable
                      caption={tx('npsScore')}
                      rows={[
                        [tx('npsScore'), f.nps.score],
                        [tx('promoters'), f.nps.promoters],
                        [tx('passives'), f.nps.passives],
                        [tx('detractors'), f.nps.detractors],
                      ]}
                    />
                  ) : null}
                  {f.distribution ? (
                    <>
                      <ChartWithTable
                        caption={tx('byValue', { name: field.label })}
                        columns={[tx('range'), tx('count')]}
                        rows={f.distribution.values.map((v) => ({
                          name: number.format(v.value),
                          count: v.count,
                        }))}
                      />
                      <FigureTable
                        caption={field.label}
                        rows={[
                          [tx('numberCount'), f.distribution.count],
                          [tx('mean'), f.distribution.mean],
                          [tx('median'), f.distribution.median],
                        ]}
                      />
                    </>
                  ) : null}
                  {f.matrix ? <MatrixTable field={field} counts={f.matrix} /> : null}
                  {f.ranking ? (
                    <RankingTable field={field} ranking={f.ranking} other={f.other} labelOf={labelOf} />
                  ) : null}
                  {f.months ? (
                    <ChartWithTable
                      caption={field.label}
                      columns={[tx('month'), tx('count')]}
                      rows={Object.entries(f.months).map(([month, count]) => ({ name: month, count }))}
                    />
                  ) : null}
                  {f.countries ? (
                    <ChartWithTable
                      caption={tx('byCountry', { name: field.label })}
                      columns={[tx('country'), tx('count')]}
                      layout="vertical"
                      rows={countryRows(f.countries, language)}
                    />
                  ) : null}
                  {f.hours ? (
                    <ChartWithTable
                      caption={tx('byHour', { name: field.label })}
                      columns={[tx('hour'), tx('count')]}
                      rows={f.hours.map((h) => ({
                        name: `${String(h.hour).padStart(2, '0')}:00`,
                        count: h.count,
                      }))}
                    />
                  ) : null}
                  {f.numbers && f.numbers.histogram.bins.length > 0 ? (
                    <ChartWithTable
                      caption={tx('byValue', { name: field.label })}
                      columns={[tx('range'), tx('count')]}
                      rows={binRows(f.numbers.histogram, number, tx)}
                    />
                  ) : null}
                  {f.numbers ? (
                    <FigureTable
                      caption={field.label}
                      rows={[
                        [tx('numberCount'), f.numbers.count],
                        [tx('mean'), f.numbers.mean],
                        [tx('median'), f.numbers.median],
                        [tx('min'), f.numbers.min],
                        [tx('max'), f.numbers.max],
                      ]}
                    />
                  ) : null}
                  {f.text ? (
                    <FigureTable
                      caption={field.label}
                      rows={[
                        [tx('textCount'), f.text.count],
                        [tx('meanLength'), f.text.meanLength],
                        [tx('maxLength'), f.text.maxLength],
                      ]}
                    />
                  ) : null}
                </Paper>
              </Fragment>
            );
          })}
        </>
      )}
    </Stack>
  );
}
