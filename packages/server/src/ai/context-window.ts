/**
 * Context windows (tokens) of the models people point Formloom at, by model-name prefix. An
 * unknown model gets 8,192: what Ollama gives a model unless told otherwise, so a prompt built
 * for it fits anywhere.
 */
const WINDOWS: readonly [RegExp, number][] = [
  [/^(gpt-4\.1|gpt-5)/i, 1_000_000],
  [/^(o1|o3|o4)/i, 200_000],
  [/^(gpt-4o|gpt-4-turbo|chatgpt-4o)/i, 128_000],
  [/^gpt-4(?!o)/i, 8_192],
  [/^gpt-3\.5/i, 16_385],
  [/^(llama-?3\.[123]|qwen2\.5|qwen3|mistral-nemo|mistral-large|claude)/i, 128_000],
  [/^formloom-offline/i, 128_000],
];
export const DEFAULT_CONTEXT_WINDOW = 8_192;

/** The context window of `model`, in tokens (Azure deployments are named freely: the default). */
export function contextWindowOf(model: string): number {
  const base = model.split('/').pop() ?? model;
  return WINDOWS.find(([pattern]) => pattern.test(base))?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}
