import { QUESTION_TYPES } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { deriveTools } from './mcp-tools.js';

describe('MCP tools and the question types', () => {
  it('the tools that take a field list every question type and its config', () => {
    const { tools } = deriveTools();
    const create = tools.find((tool) => tool.name === 'forms_createForm');
    expect(create).toBeDefined();
    const schema = JSON.stringify(create!.inputSchema);
    for (const type of QUESTION_TYPES) expect(schema).toContain(`"${type}"`);
    for (const config of [
      'rating',
      'nps',
      'scale',
      'slider',
      'matrix',
      'ranking',
      'exclusiveValue',
      'shuffle',
    ]) {
      expect(schema).toContain(`"${config}"`);
    }
  });
});
