import { describe, expect, it } from 'vitest';
import { toJsonSchema2020 } from './json-schema.js';

describe('toJsonSchema2020', () => {
  it.each([
    ['a nullable type', { type: 'string', nullable: true }, { type: ['string', 'null'] }],
    [
      'a nullable enum',
      { type: 'string', enum: ['a', 'b'], nullable: true },
      { type: ['string', 'null'], enum: ['a', 'b', null] },
    ],
    [
      'a nullable $ref',
      { allOf: [{ $ref: '#/components/schemas/X' }], nullable: true, description: 'd' },
      { anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }], description: 'd' },
    ],
    [
      'a nullable union',
      { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
    ],
    ['any value, null included', { nullable: true, description: 'd' }, { description: 'd' }],
    [
      'an exclusive minimum',
      { type: 'integer', minimum: 0, exclusiveMinimum: 0 },
      { type: 'integer', exclusiveMinimum: 0 },
    ],
    [
      'a discriminated union',
      { oneOf: [{ type: 'object' }], discriminator: { propertyName: 'type' } },
      { oneOf: [{ type: 'object' }] },
    ],
    ['z.never()', { readOnly: true }, { not: {} }],
    [
      'values left as they are',
      { type: 'object', default: { nullable: true }, examples: [{ oneOf: 1 }] },
      { type: 'object', default: { nullable: true }, examples: [{ oneOf: 1 }] },
    ],
  ])('%s', (_, input, output) => {
    expect(toJsonSchema2020(input)).toEqual(output);
  });

  it('rewrites nested schemas', () => {
    expect(
      toJsonSchema2020({
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'number', nullable: true } } },
      }),
    ).toEqual({ type: 'object', properties: { a: { type: 'array', items: { type: ['number', 'null'] } } } });
  });
});
