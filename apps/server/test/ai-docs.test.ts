import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAiConfig } from '../src/ai-config.js';

const doc = readFileSync(new URL('../../../docs/ai.md', import.meta.url), 'utf8');

/** Each `<!-- ai-config: kind -->` block of docs/ai.md: its provider kind and its variables. */
function blocks(): { kind: string; env: Record<string, string> }[] {
  const found = [...doc.matchAll(/<!-- ai-config: (\w+) -->\n```bash\n([\s\S]*?)```/g)];
  return found.map((m) => ({
    kind: m[1]!,
    env: Object.fromEntries(
      m[2]!
        .trim()
        .split('\n')
        .map((line) => /^export (\w+)=(.*)$/.exec(line)!)
        .map((x) => [x[1]!, x[2]!]),
    ),
  }));
}

describe('docs/ai.md configurations', () => {
  it('every provider block parses into the provider it names, with its model', () => {
    const all = blocks();
    expect(all.length).toBe(5);
    for (const { kind, env } of all) {
      const { settings } = loadAiConfig(env, (m) => new Error(m));
      expect(settings.provider).toBe(kind);
      if (settings.provider === 'openai') expect(settings.model).toBe(env.FORMLOOM_AI_MODEL);
    }
  });
});
