import type { FormSchema } from '@formloom/contract';
import { Alert, Box, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { groupsSummary } from './condition-summary.js';
import {
  cut,
  formMap,
  layoutMap,
  MAP_SIZES,
  type MapNode,
  type MapWords,
  mapSentences,
  type PlacedEdge,
  type PlacedNode,
  unreachableSections,
} from './form-map.js';
import { formMapTexts } from './form-map-texts.js';
import { useNames } from './names.js';

const { nodeWidth: W, nodeHeight: H } = MAP_SIZES;
const JUMP = 'var(--mantine-color-blue-filled)';
const PLAIN = 'var(--mantine-color-gray-6)';
const TEXT = 'var(--mantine-color-text)';

function useMapWords(): MapWords {
  const t = useTexts(formMapTexts);
  const names = useNames();
  return {
    operator: names.operator,
    and: t('and'),
    or: t('or'),
    yes: t('yes'),
    no: t('no'),
    page: (n, title) => (title === '' ? t('pageUntitled', { n }) : t('page', { n, title })),
    ending: (id, title) => t('ending', { title: title || id }),
    completion: t('completion'),
    ifThen: (condition, target) => t('ifThen', { condition, target }),
    otherwise: (target) => t('otherwise', { target }),
    next: (target) => t('next', { target }),
    unreachable: t('unreachable'),
    endingWhen: (condition) => t('endingWhen', { condition }),
    endingFrom: (pages) => t('endingFrom', { pages }),
    endingNever: t('endingNever'),
  };
}

/**
 * One place drawn: a button over the drawing's lines (so it takes the focus and the click as any
 * button does), what it is on the first line and its title on the second.
 */
function DrawnNode({
  placed,
  onOpen,
  words,
}: {
  placed: PlacedNode;
  onOpen: (node: MapNode) => void;
  words: MapWords;
}) {
  const t = useTexts(formMapTexts);
  const { node, x, y } = placed;
  const unreachable = node.kind === 'page' && node.unreachable;
  const [first, second] =
    node.kind === 'page'
      ? [
          unreachable
            ? `${t('pageUntitled', { n: node.number })} ${words.unreachable}`
            : t('pageUntitled', { n: node.number }),
          node.title,
        ]
      : node.kind === 'ending'
        ? [t('endingShort'), node.title || node.id]
        : [words.completion, ''];
  const line = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    // Named by what it shows (its two lines), which the list's sentences spell out.
    <UnstyledButton
      data-map-node={node.key}
      onClick={() => onOpen(node)}
      pos="absolute"
      left={x}
      top={y}
      w={W}
      h={H}
      px={8}
      fz="xs"
      bg="var(--mantine-color-body)"
      style={{
        border: `1.5px ${unreachable ? 'dashed' : 'solid'} ${
          unreachable ? 'var(--mantine-color-red-text)' : node.kind === 'page' ? JUMP : PLAIN
        }`,
        borderRadius: node.kind === 'page' ? 6 : 16,
      }}
    >
      <Text
        span
        display="block"
        fz="xs"
        fw={700}
        c={unreachable ? 'var(--mantine-color-red-text)' : undefined}
        style={line}
      >
        {first}
      </Text>
      {second === '' ? null : ' '}
      {second === '' ? null : (
        <Text span display="block" fz="xs" style={line}>
          {second}
        </Text>
      )}
    </UnstyledButton>
  );
}

function DrawnEdge({ placed, label }: { placed: PlacedEdge; label: string }) {
  const color = placed.edge.kind === 'jump' ? JUMP : PLAIN;
  return (
    <g>
      {/* A label cut short is told in full on hover (and in the list). */}
      {label === '' ? null : <title>{label}</title>}
      <path
        d={placed.path}
        fill="none"
        stroke={color}
        strokeWidth={1.5}
        markerEnd={`url(#form-map-arrow-${placed.edge.kind === 'jump' ? 'jump' : 'plain'})`}
      />
      {label === '' ? null : (
        <text
          x={placed.label.x}
          y={placed.label.y}
          fontSize={11}
          textAnchor="middle"
          fill={TEXT}
          // A halo of the page's colour keeps a label readable where it crosses a line.
          stroke="var(--mantine-color-body)"
          strokeWidth={3}
          paintOrder="stroke"
        >
          {cut(label, placed.label.room)}
        </text>
      )}
    </g>
  );
}

/**
 * The map of a form (docs/form-model.md "Jumps and endings"): its pages, jumps and endings drawn as
 * a graph (it scrolls when wider than the screen), and the same in sentences, one button per page
 * or ending. Choosing one (a click on the drawing, or a button of the list) calls `onOpen`.
 */
export default function FormMapView({
  schema,
  onOpen,
}: {
  schema: FormSchema;
  onOpen: (node: MapNode) => void;
}) {
  const t = useTexts(formMapTexts);
  const words = useMapWords();
  const map = useMemo(() => formMap(schema, unreachableSections(schema)), [schema]);
  const layout = useMemo(() => layoutMap(map), [map]);
  const sentences = mapSentences(map, schema, words);
  // An edge is labelled by its conditions ("Plan is Pro"), "otherwise", or not at all ("next").
  const labelOf = ({ edge }: PlacedEdge) =>
    edge.conditionGroups !== undefined
      ? groupsSummary(edge.conditionGroups, schema, words)
      : edge.otherwise
        ? t('otherwiseShort')
        : '';

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
      </div>
      {map.paged ? null : <Alert color="gray">{t('notPaged')}</Alert>}
      <Paper
        withBorder
        p="xs"
        // The drawing scrolls when it is wider than the screen (its places take the focus).
        role="region"
        aria-label={t('drawing')}
        style={{ overflowX: 'auto' }}
      >
        <Box pos="relative" w={layout.width} h={layout.height}>
          <svg
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            // The lines and their labels: the list "in words" says what they say.
            aria-hidden="true"
            style={{ position: 'absolute', inset: 0, fontFamily: 'inherit' }}
          >
            <defs>
              {(['jump', 'plain'] as const).map((kind) => (
                <marker
                  key={kind}
                  id={`form-map-arrow-${kind}`}
                  viewBox="0 0 10 10"
                  refX={9}
                  refY={5}
                  markerWidth={7}
                  markerHeight={7}
                  orient="auto"
                >
                  <path d="M0,0 L10,5 L0,10 z" fill={kind === 'jump' ? JUMP : PLAIN} />
                </marker>
              ))}
            </defs>
            {layout.edges.map((placed) => (
              <DrawnEdge key={placed.edge.key} placed={placed} label={labelOf(placed)} />
            ))}
          </svg>
          {layout.nodes.map((placed) => (
            <DrawnNode key={placed.node.key} placed={placed} onOpen={onOpen} words={words} />
          ))}
        </Box>
      </Paper>
      <section aria-labelledby="form-map-in-words">
        <Title order={3} size="h4" id="form-map-in-words" mb="xs">
          {t('inWords')}
        </Title>
        <Box component="ol" m={0} pl="lg">
          {sentences.map(({ node, text }) => (
            <li key={node.key}>
              <UnstyledButton
                onClick={() => onOpen(node)}
                fz="sm"
                py={4}
                c={node.kind === 'page' && node.unreachable ? 'var(--mantine-color-red-text)' : undefined}
                // A block, so that the item's number stands by its first line.
                display="block"
                style={{ textAlign: 'start', textDecoration: 'underline' }}
              >
                {text}
              </UnstyledButton>
            </li>
          ))}
        </Box>
      </section>
    </Stack>
  );
}
