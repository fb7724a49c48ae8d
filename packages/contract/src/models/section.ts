import { z } from 'zod';
import { ConditionalLogic } from './conditional-logic.js';
import { Id } from './field.js';

const sectionSchema = z
  .object({
    id: Id,
    title: z.string().max(1000),
    description: z.string().max(2000).optional(),
    order: z.number().int(),
    conditionalLogic: ConditionalLogic.optional(),
  })
  .strict();
type SectionObject = typeof sectionSchema;
export interface SectionZod extends SectionObject {}
export const Section: SectionZod = sectionSchema;
export type Section = z.infer<typeof Section>;
