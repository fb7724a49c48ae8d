import type { SchemaProblem } from '@formloom/contract/engine';
import { List, Text } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { type LogicTextKey, logicTexts } from './logic-texts.js';
import { type BuilderTextKey, builderTexts } from './texts.js';

/** The problems whose path starts at `prefix` (`$.fields[3]`), i.e. that concern that part. */
export function problemsAt(problems: readonly SchemaProblem[], prefix: string): SchemaProblem[] {
  return problems.filter(
    (p) => p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path.startsWith(`${prefix}[`),
  );
}

/**
 * The builder's own words for a problem, in the dashboard's language, where it has them: those of
 * repeating sections (docs/form-model.md "Repeating sections"), told apart by where they are. The
 * others show the integrity check's sentence.
 */
export function problemWords(problem: SchemaProblem): BuilderTextKey | undefined {
  const { code, path } = problem;
  if (code === 'repeat_id_clash') return 'problemRepeatIdClash';
  if (code === 'min_above_max' && /^\$\.sections\[\d+\]\.repeat\./.test(path)) return 'problemRepeatMinMax';
  if (code !== 'repeat_reference') return undefined;
  if (path.startsWith('$.variables[')) return 'problemRepeatVariable';
  if (path.startsWith('$.settings.notifications.respondentCopy')) return 'problemRepeatCopy';
  // A rule's `when` is a condition too: "entry" where it says nothing, or another section's field.
  if (path.endsWith('.entry')) return 'problemRepeatEntry';
  if (/\.validation\.rules\[\d+\]\.when\./.test(path)) return 'problemRepeatWhen';
  if (path.includes('.conditionalLogic.')) return 'problemRepeatCondition';
  return 'problemRepeatRecall';
}

/**
 * The builder's words for the problems and warnings of jumps, endings and quizzes, shown beside
 * the jump, ending or page they concern (so they need not repeat its id).
 */
export function logicProblemWords(problem: SchemaProblem): LogicTextKey | undefined {
  const { code, path } = problem;
  if (code === 'jump_backwards') return 'problemJumpBackwards';
  if (code === 'unknown_jump_target') return 'problemJumpTarget';
  if (code === 'unreachable_section') return 'problemUnreachable';
  if (code === 'jumps_not_paged') return 'jumpsNotPaged';
  if (code === 'marks_not_allowed') return 'problemMarks';
  if (code === 'duplicate_id' && /^\$\.settings\.endings\[\d+\]\.id$/.test(path)) return 'problemEndingId';
  return undefined;
}

/** A problem's sentence: the builder's words in the dashboard's language, else the check's. */
export function useProblemText(): (problem: SchemaProblem) => string {
  const t = useTexts(builderTexts);
  const logic = useTexts(logicTexts);
  return (problem) => {
    const words = problemWords(problem);
    if (words !== undefined) return t(words);
    const logicWords = logicProblemWords(problem);
    return logicWords === undefined ? problem.message : logic(logicWords);
  };
}

/** Integrity problems beside what they concern, announced as they appear. */
export function ProblemList({ problems }: { problems: readonly SchemaProblem[] }) {
  const text = useProblemText();
  if (problems.length === 0) return null;
  return (
    <div role="alert">
      <List size="sm" c="red.9">
        {problems.map((p) => (
          <List.Item key={`${p.path} ${p.code}`}>
            <Text size="sm" c="red.9">
              {text(p)}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * Warnings beside what they concern: likely mistakes that do not refuse the form (a page no path
 * reaches), said politely, as a status rather than an alert.
 */
export function WarningList({ warnings, label }: { warnings: readonly SchemaProblem[]; label: string }) {
  const text = useProblemText();
  if (warnings.length === 0) return null;
  return (
    <div role="status">
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <List size="sm">
        {warnings.map((w) => (
          <List.Item key={`${w.path} ${w.code}`}>
            <Text size="sm">{text(w)}</Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
