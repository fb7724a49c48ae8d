import type { Condition, Field, FieldOption, FormSchema } from '@formloom/contract';

/**
 * The submission benchmark's form: 20 fields in two sections, 8 of them shown only when another
 * answer says so, a dozen validation rules (two patterns), and `maxResponses` set high enough
 * never to be reached so the archive check still runs on every submission. Deterministic, so
 * runs are comparable.
 */

const options = (...values: string[]): FieldOption[] => values.map((value) => ({ label: value, value }));
const when = (condition: Condition): Field['conditionalLogic'] => ({
  action: 'show',
  conditionGroups: [{ conditions: [condition] }],
});

type FieldSpec = Omit<Field, 'order' | 'sectionId'> & { sectionId?: string };

const SPECS: FieldSpec[] = [
  {
    id: 'name',
    type: 'text',
    label: 'Name',
    required: true,
    validation: {
      rules: [
        { type: 'minLength', value: 2 },
        { type: 'maxLength', value: 80 },
      ],
    },
  },
  { id: 'email', type: 'email', label: 'Email', required: true },
  {
    id: 'age',
    type: 'number',
    label: 'Age',
    validation: {
      rules: [
        { type: 'min', value: 16 },
        { type: 'max', value: 120 },
      ],
    },
  },
  {
    id: 'role',
    type: 'select',
    label: 'Role',
    required: true,
    options: options('student', 'engineer', 'manager', 'other'),
  },
  {
    id: 'roleOther',
    type: 'text',
    label: 'Which role?',
    required: true,
    conditionalLogic: when({ fieldId: 'role', operator: 'equals', value: 'other' }),
  },
  {
    id: 'company',
    type: 'text',
    label: 'Company',
    conditionalLogic: when({ fieldId: 'role', operator: 'notEquals', value: 'student' }),
  },
  {
    id: 'teamSize',
    type: 'number',
    label: 'Team size',
    required: true,
    validation: { rules: [{ type: 'min', value: 1 }] },
    conditionalLogic: when({ fieldId: 'role', operator: 'equals', value: 'manager' }),
  },
  { id: 'contact', type: 'radio', label: 'Contact by', required: true, options: options('email', 'phone') },
  {
    id: 'phone',
    type: 'text',
    label: 'Phone',
    required: true,
    validation: { rules: [{ type: 'pattern', value: '^\\+?[0-9 ]{6,20}$', message: 'Digits only' }] },
    conditionalLogic: when({ fieldId: 'contact', operator: 'equals', value: 'phone' }),
  },
  {
    id: 'topics',
    sectionId: 'details',
    type: 'checkbox',
    label: 'Topics',
    options: options('forms', 'api', 'ai', 'other'),
  },
  {
    id: 'topicOther',
    sectionId: 'details',
    type: 'text',
    label: 'Other topic',
    conditionalLogic: when({ fieldId: 'topics', operator: 'contains', value: 'other' }),
  },
  {
    id: 'rating',
    sectionId: 'details',
    type: 'number',
    label: 'Rating',
    required: true,
    validation: {
      rules: [
        { type: 'min', value: 1 },
        { type: 'max', value: 5 },
      ],
    },
  },
  {
    id: 'complaint',
    sectionId: 'details',
    type: 'textarea',
    label: 'What went wrong?',
    required: true,
    conditionalLogic: when({ fieldId: 'rating', operator: 'lessThan', value: 3 }),
  },
  { id: 'startDate', sectionId: 'details', type: 'date', label: 'Start date' },
  {
    id: 'newsletter',
    sectionId: 'details',
    type: 'radio',
    label: 'Newsletter',
    options: options('yes', 'no'),
  },
  {
    id: 'frequency',
    sectionId: 'details',
    type: 'select',
    label: 'How often?',
    required: true,
    options: options('weekly', 'monthly'),
    conditionalLogic: when({ fieldId: 'newsletter', operator: 'equals', value: 'yes' }),
  },
  {
    id: 'website',
    sectionId: 'details',
    type: 'text',
    label: 'Website',
    validation: { rules: [{ type: 'pattern', value: '^https?://\\S+$' }] },
  },
  {
    id: 'referral',
    sectionId: 'details',
    type: 'select',
    label: 'Heard of us from',
    options: options('search', 'friend', 'event'),
  },
  {
    id: 'referrer',
    sectionId: 'details',
    type: 'text',
    label: 'Which friend?',
    conditionalLogic: when({ fieldId: 'referral', operator: 'equals', value: 'friend' }),
  },
  {
    id: 'comments',
    sectionId: 'details',
    type: 'textarea',
    label: 'Comments',
    validation: { rules: [{ type: 'maxLength', value: 1000 }] },
  },
];

export function benchSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Benchmark: 20-field conditional form', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default', maxResponses: 100_000_000 },
    sections: [
      { id: 'about', title: 'About you', order: 0 },
      { id: 'details', title: 'Details', order: 1 },
    ],
    fields: SPECS.map(({ sectionId, ...spec }, order) => ({
      ...spec,
      sectionId: sectionId ?? 'about',
      order,
    })),
  };
}

/**
 * Valid answers that show six of the eight conditional fields (roleOther and complaint stay
 * hidden), so visibility, the rules of shown fields and the required checks all run.
 */
export function benchAnswers(): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    age: 36,
    role: 'manager',
    company: 'Analytical Engines Ltd',
    teamSize: 12,
    contact: 'phone',
    phone: '+44 20 7946 0000',
    topics: ['forms', 'other'],
    topicOther: 'difference engines',
    rating: 4,
    startDate: '2025-03-01',
    newsletter: 'yes',
    frequency: 'monthly',
    website: 'https://example.com/ada',
    referral: 'friend',
    referrer: 'Charles',
    comments: 'Looking forward to the next version of the form builder.',
  };
}

/** Mulberry32: a small, seedable generator, so the bodies are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Frances', 'Donald', 'Radia', 'Linus'];
const WORDS = ['engines', 'forms', 'weekly', 'notes', 'river', 'north', 'looms', 'cards', 'tables', 'steam'];

/**
 * Distinct valid submission bodies (`{"answers": ...}` as JSON text), as real clients send them:
 * different people and values, optional answers present or not, answers left in fields the
 * conditions hide (a page keeps what was typed before a field was hidden), and keys in form order,
 * with a few swapped, or shuffled. Deterministic for a seed. Every body is valid, so each request
 * stores a response; the caller checks that with the engine before the load.
 */
export function benchBodies(count: number, seed = 1): string[] {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number) => random() < p;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const order = SPECS.map((s) => s.id);
  const seen = new Set<string>();
  const bodies: string[] = [];
  while (bodies.length < count) {
    const name = `${pick(NAMES)} ${pick(NAMES)}son`;
    const a: Record<string, unknown> = {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}.${int(1, 99_999)}@example.${pick(['com', 'org', 'dev'])}`,
      role: pick(['student', 'engineer', 'manager', 'other']),
      contact: pick(['email', 'phone']),
      rating: int(1, 5),
    };
    if (chance(0.7)) a.age = int(16, 90);
    if (a.role === 'other' || chance(0.1)) a.roleOther = words(2);
    if (a.role !== 'student' && chance(0.8)) a.company = `${pick(WORDS)} ${pick(['Ltd', 'GmbH', 'Inc'])}`;
    if (a.role === 'manager' || chance(0.1)) a.teamSize = int(1, 200);
    if (a.contact === 'phone' || chance(0.2)) a.phone = `+${int(1, 99)} ${int(100_000, 99_999_999)}`;
    if (chance(0.7)) a.topics = ['forms', 'api', 'ai', 'other'].filter(() => chance(0.5));
    if ((a.topics as string[] | undefined)?.length === 0) delete a.topics;
    if (chance(0.5)) a.topicOther = words(2);
    if ((a.rating as number) < 3 || chance(0.1)) a.complaint = words(int(3, 30));
    if (chance(0.6))
      a.startDate = `20${int(10, 29)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
    if (chance(0.8)) a.newsletter = pick(['yes', 'no']);
    if (a.newsletter === 'yes' || chance(0.1)) a.frequency = pick(['weekly', 'monthly']);
    if (chance(0.4)) a.website = `https://${pick(WORDS)}.example/${int(1, 999)}`;
    if (chance(0.6)) a.referral = pick(['search', 'friend', 'event']);
    if (chance(0.4)) a.referrer = pick(NAMES);
    if (chance(0.5)) a.comments = words(int(1, 60));
    const keys = order.filter((k) => k in a);
    const shape = random();
    if (shape > 2 / 3) {
      for (let i = keys.length - 1; i > 0; i--) {
        const j = int(0, i);
        [keys[i], keys[j]] = [keys[j]!, keys[i]!];
      }
    } else if (shape > 1 / 3) {
      for (let n = int(1, 3); n > 0; n--) {
        const i = int(0, keys.length - 1);
        const j = int(0, keys.length - 1);
        [keys[i], keys[j]] = [keys[j]!, keys[i]!];
      }
    }
    const body = `{"answers":{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(a[k])}`).join(',')}}}`;
    if (seen.has(body)) continue;
    seen.add(body);
    bodies.push(body);
  }
  return bodies;
}
