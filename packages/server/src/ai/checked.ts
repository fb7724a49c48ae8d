import { AiError, type AiProvider, type AiTask, type AiUsage, type ChatMessage } from './provider.js';

/** The user's side of a repair round: `${unusable}\n- problem\n- ...\n${again}`. */
export interface RepairWording {
  /** Says the answer cannot be used; the problems are listed after it. */
  unusable: string;
  /** Asks for the corrected answer, after the problems. */
  again: string;
  /** Problems listed at most: enough to act on, bounded. */
  listed: number;
}

const ANY_ANSWER: RepairWording = {
  unusable: 'That answer cannot be used. Problems found:',
  again: 'Answer again, corrected, in the same JSON structure.',
  listed: 10,
};

export interface CheckedOptions<Draft, Result> {
  /** What a validated draft becomes (the object the caller keeps and checks); default: the draft. */
  build?: (draft: Draft) => Result;
  /** What is wrong with the built result beyond its shape (empty: nothing). */
  check?: (result: Result) => readonly string[];
  /** Rounds that send the answer back with its problems before giving up (default 1). */
  repairs?: number;
  /** How a repair round tells the model what was wrong (default: about any JSON answer). */
  repair?: RepairWording;
  signal?: AbortSignal;
  /** Every call's usage, the unusable ones too (they cost tokens all the same). */
  onUsage?: (usage: AiUsage) => Promise<void>;
  /** The error thrown when the last round is still unusable (default: AiError `invalid_output`). */
  fail?: (problems: readonly string[], repairs: number) => Error;
}

export interface Checked<Result> {
  value: Result;
  raw: string;
  /** What every call used, the unusable ones included (a chat-priced job settles at it). */
  usage: AiUsage;
}

/** The follow-up of a repair round: the model's answer and what was wrong with it. */
function repairMessages(raw: string, problems: readonly string[], wording: RepairWording): ChatMessage[] {
  const listed = problems.slice(0, wording.listed).join('\n- ');
  return [
    { role: 'assistant', content: raw },
    { role: 'user', content: `${wording.unusable}\n- ${listed}\n${wording.again}` },
  ];
}

function unusable(problems: readonly string[], repairs: number): Error {
  return new AiError('invalid_output', `Unusable answer after ${repairs} repair(s): ${problems.join('; ')}`);
}

/**
 * The one checked-generation loop: structured output that passed the task's draft model, was
 * built into the caller's result and passed `check`. An unusable answer (not the draft model, or
 * a problem `check` finds) goes back to the model with its problems, at most `repairs` times, then
 * `fail` says what was still wrong. Transient and refused errors are thrown as they come (the
 * provider has already retried what was worth it). Every call's usage goes to `onUsage` as it
 * comes, and their sum comes back with the result.
 *
 * ```ts
 * const { value } = await generateChecked(provider, analysisTask, input, {
 *   repairs: 2,
 *   check: (draft) => analysisProblems(draft, reference),
 *   onUsage: (usage) => context.recordUsage(analysisTask.name, usage),
 * });
 * ```
 */
export async function generateChecked<Input, Draft, Result = Draft>(
  provider: AiProvider,
  task: AiTask<Input, Draft>,
  input: Input,
  options: CheckedOptions<Draft, Result> = {},
): Promise<Checked<Result>> {
  const repairs = options.repairs ?? 1;
  const wording = options.repair ?? ANY_ANSWER;
  const build = options.build ?? ((draft: Draft) => draft as unknown as Result);
  const used: AiUsage = { promptTokens: 0, completionTokens: 0, estimated: false };
  const charge = async (usage: AiUsage) => {
    used.promptTokens += usage.promptTokens;
    used.completionTokens += usage.completionTokens;
    used.estimated ||= usage.estimated;
    await options.onUsage?.(usage);
  };
  let followUp: ChatMessage[] = [];
  let problems: readonly string[] = [];
  for (let round = 0; round <= repairs; round++) {
    try {
      const generated = await provider.generate(task, input, { signal: options.signal, followUp });
      await charge(generated.usage);
      const value = build(generated.value);
      problems = options.check?.(value) ?? [];
      if (problems.length === 0) return { value, raw: generated.raw, usage: used };
      followUp = repairMessages(generated.raw, problems, wording);
    } catch (error) {
      if (!(error instanceof AiError) || error.kind !== 'invalid_output') throw error;
      if (error.usage !== undefined) await charge(error.usage);
      problems = [error.message];
      followUp = repairMessages(error.raw ?? '', problems, wording);
    }
  }
  throw (options.fail ?? unusable)(problems, repairs);
}
