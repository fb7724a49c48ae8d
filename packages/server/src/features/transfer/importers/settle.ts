import type { FormSchema, ImportProblem } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';

type Json = Record<string, unknown>;

/**
 * The parts of a schema an import may leave out when the integrity check refuses them, from the
 * most particular: a condition's logic, a rule, a jump, an ending's conditions, a variable (a
 * Typeform score whose conditions name what Formloom cannot). Anything else the
 * check refuses stays, and the import answers the 400 that names it.
 */
const DROPPABLE = [
  /^\$\.fields\[(\d+)\]\.conditionalLogic/,
  /^\$\.fields\[(\d+)\]\.validation\.rules\[(\d+)\]/,
  /^\$\.sections\[(\d+)\]\.jumps\[(\d+)\]/,
  /^\$\.sections\[(\d+)\]\.conditionalLogic/,
  /^\$\.settings\.endings\[(\d+)\]\.conditionGroups/,
  /^\$\.variables\[(\d+)\]/,
] as const;

/** `$.translations.de["fields.q1.label"]`: a translation of a text the form does not have. */
const TRANSLATION = /^\$\.translations\.([a-z]{2})\[("(?:[^"\\]|\\.)*")\]$/;

function drop(schema: FormSchema, path: string): string | undefined {
  const translation = TRANSLATION.exec(path);
  if (translation !== null) {
    const table = schema.translations?.[translation[1] as keyof NonNullable<FormSchema['translations']>];
    if (table === undefined) return undefined;
    delete table[JSON.parse(translation[2]!) as string];
    return path;
  }
  for (const pattern of DROPPABLE) {
    const match = pattern.exec(path);
    if (match === null) continue;
    const [whole, a, b] = match;
    const i = Number(a);
    if (whole.startsWith('$.fields') && whole.includes('conditionalLogic')) {
      delete (schema.fields[i] as Json).conditionalLogic;
    } else if (whole.startsWith('$.fields')) {
      schema.fields[i]?.validation?.rules.splice(Number(b), 1);
    } else if (whole.includes('jumps')) {
      schema.sections[i]?.jumps?.splice(Number(b), 1);
    } else if (whole.startsWith('$.variables')) {
      schema.variables?.splice(i, 1);
    } else if (whole.startsWith('$.sections')) {
      delete (schema.sections[i] as Json).conditionalLogic;
    } else {
      const ending = schema.settings?.endings?.[i];
      if (ending !== undefined) delete (ending as Json).conditionGroups;
    }
    return whole;
  }
  return undefined;
}

/**
 * Leaves out of an imported schema each piece of logic or rule the integrity check refuses (a
 * condition on a field that comes later, a comparison that does not suit the field's type, ...),
 * and says so in `report` with the check's own words. `where` maps a schema path back to the path
 * in the source document, when the importer knows it.
 */
export function settle(
  schema: FormSchema,
  report: ImportProblem[],
  where: (schemaPath: string) => string = (path) => path,
): FormSchema {
  for (let round = 0; round < 50; round++) {
    const problems = checkSchema(schema);
    let dropped = false;
    for (const problem of problems) {
      const part = drop(schema, problem.path);
      if (part === undefined) continue;
      report.push({ path: where(part), problem: `Left out: ${problem.message}` });
      dropped = true;
      // Indexes after a removed rule or jump have moved: check again before the next.
      break;
    }
    if (!dropped) return schema;
  }
  return schema;
}
