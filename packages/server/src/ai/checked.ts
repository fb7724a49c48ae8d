import { AiError, type AiProvider, type AiTask, type AiUsage, type ChatMessage } from './provider.js';

export interface CheckedOptions<Draft> {
  /** What is wrong with a validated draft beyond its shape (empty: nothing). */
  check?: (draft: Draft) => readonly string[];
  /** Rounds that send the answer back with its problems before giving up (default 1). */
  repairs?: number;
  signal?: AbortSignal;
  /** Every call's usage, the unusable ones too (they cost tokens all the same). */
  onUsage?: (usage: AiUsage) => Promise<void>;
}

/** The follow-up of a repair round: the model's answer and what was wrong with it. */
export function repairMessages(raw: string, problems: readonly string[]): ChatMessage[] {
  return [
    { role: 'assistant', content: raw },
    {
      role: 'user',
      content: `That answer cannot be used. Problems found:\n- ${problems.slice(0, 10).join('\n- ')}\nAnswer again, corrected, in the same JSON structure.`,
    },
  ];
}

/**
 * Structured output that passed the task's draft model and `check`: an unusable answer (not the
 * model, or a problem `check` finds) goes back to the model with its problems, at most `repairs`
 * times, then AiError `invalid_output` says what was still wrong. Transient and refused errors are
 * thrown as they come (the provider has already retried what was worth it).
 */
export async function generateChecked<Input, Draft>(
  provider: AiProvider,
  task: AiTask<Input, Draft>,
  input: Input,
  options: CheckedOptions<Draft> = {},
): Promise<{ value: Draft; raw: string }> {
  const repairs = options.repairs ?? 1;
  let followUp: ChatMessage[] = [];
  let problems: readonly string[] = [];
  for (let round = 0; round <= repairs; round++) {
    try {
      const generated = await provider.generate(task, input, { signal: options.signal, followUp });
      await options.onUsage?.(generated.usage);
      problems = options.check?.(generated.value) ?? [];
      if (problems.length === 0) return { value: generated.value, raw: generated.raw };
      followUp = repairMessages(generated.raw, problems);
    } catch (error) {
      if (!(error instanceof AiError) || error.kind !== 'invalid_output') throw error;
      if (error.usage !== undefined) await options.onUsage?.(error.usage);
      problems = [error.message];
      followUp = repairMessages(error.raw ?? '', problems);
    }
  }
  throw new AiError('invalid_output', `Unusable answer after ${repairs} repair(s): ${problems.join('; ')}`);
}
