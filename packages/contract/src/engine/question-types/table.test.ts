import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { publicImageUrl } from '../../models/upload.js';
import { checkSchema } from '../integrity/check-schema.js';
import { evaluateVisibility } from '../logic/visibility.js';
import { translateSchema } from '../texts/translate-schema.js';
import { translationKeys } from '../texts/translation-keys.js';
import { countryNames, imageSource, noticeParagraphs, shuffled } from './parts.js';
import { answerDisplayText, comparedAs, exportColumns, sectionExportColumn } from './table.js';

const field = (extra: Partial<Field>): Field => ({
  id: 'q',
  sectionId: 's',
  type: 'radio',
  label: 'Q',
  order: 0,
  ...extra,
});

describe('noticeParagraphs', () => {
  it('splits paragraphs at blank lines and turns https links into links, anything else into text', () => {
    const text =
      'I agree to the [terms](https://example.com/terms?a=1) and [this](http://example.com).\n\n' +
      'Second [one](javascript:alert(1)) and <b>[x]</b>\nstill second.';
    expect(noticeParagraphs(text)).toEqual([
      [
        'I agree to the ',
        { text: 'terms', href: 'https://example.com/terms?a=1' },
        ' and [this](http://example.com).',
      ],
      ['Second [one](javascript:alert(1)) and <b>[x]</b>\nstill second.'],
    ]);
    expect(noticeParagraphs('[a](https://a.example)')).toEqual([[{ text: 'a', href: 'https://a.example' }]]);
  });
});

describe('shuffled', () => {
  const items = Array.from({ length: 12 }, (_, i) => `o${i}`);
  it('keeps the listed order without shuffle', () => {
    expect(shuffled(field({}), items, 'seed')).toEqual(items);
  });
  it('gives one seed one order, other seeds other orders, and keeps the exclusive option last', () => {
    const f = field({ shuffle: true });
    const keepLast = (o: string) => o === 'o3';
    const a = shuffled(f, items, 'respondent-1', keepLast);
    expect(shuffled(f, items, 'respondent-1', keepLast)).toEqual(a);
    expect(a.at(-1)).toBe('o3');
    expect([...a].sort()).toEqual([...items].sort());
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffled(f, items, `r${i}`).join()));
    expect(orders.size).toBeGreaterThan(15);
  });
});

describe('answerDisplayText', () => {
  it('shows each question type as one line of text', () => {
    expect(answerDisplayText(field({ type: 'rating', rating: { max: 5 } }), 4)).toBe('4/5');
    expect(
      answerDisplayText(field({ type: 'slider', slider: { min: 0, max: 10, step: 0.5, unit: 'km' } }), 2.5),
    ).toBe('2.5 km');
    const matrix = field({
      type: 'matrix',
      matrix: {
        rows: [
          { id: 'speed', label: 'Speed' },
          { id: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'bad', label: 'Bad' },
        ],
      },
    });
    expect(answerDisplayText(matrix, { price: 'bad', speed: 'good' })).toBe('Speed: Good; Price: Bad');
    const options = [
      { value: 'a', label: 'Apples' },
      { value: 'b', label: 'Bananas' },
    ];
    expect(answerDisplayText(field({ type: 'ranking', options }), ['b', 'a'])).toBe('1. Bananas, 2. Apples');
    expect(answerDisplayText(field({ type: 'checkbox', options }), ['a', { other: 'Kiwis' }])).toBe(
      'Apples, Kiwis',
    );
    expect(answerDisplayText(field({ type: 'radio', options }), { other: 'Kiwis' })).toBe('Kiwis');
    expect(answerDisplayText(field({ type: 'nps' }), undefined)).toBe('');
  });
});

describe('exportColumns', () => {
  const matrix = field({
    type: 'matrix',
    label: 'Service',
    matrix: {
      rows: [
        { id: 'speed', label: 'Speed' },
        { id: 'price', label: 'Price' },
      ],
      columns: [
        { value: 'bad', label: 'Bad' },
        { value: 'good', label: 'Good' },
      ],
    },
  });
  it('gives a matrix one column per row, titled "<label> – <row label>"', () => {
    const columns = exportColumns(matrix);
    expect(columns.map((c) => c.title)).toEqual(['Service – Speed', 'Service – Price']);
    expect(columns.map((c) => c.value({ speed: 'good' }))).toEqual(['Good', '']);
  });
  it('writes a ranking as "A > B > C", an Other answer by its text', () => {
    const ranking = field({
      type: 'ranking',
      options: [{ label: 'Alpha', value: 'a' }],
      other: { label: 'Other' },
    });
    expect(exportColumns(ranking).map((c) => c.value(['a', { other: 'Mine' }]))).toEqual(['Alpha > Mine']);
  });
  it('gives every other type one column of its label with the display text', () => {
    const rating = field({ type: 'rating', label: 'Stars' });
    expect(exportColumns(rating).map((c) => [c.title, c.value(4)])).toEqual([['Stars', '4/5']]);
    expect(exportColumns(field({ type: 'text', label: 'Name' }))[0]?.value('Ada')).toBe('Ada');
  });
});

describe('phone, url, time, datetime, address, signature, consent and statement', () => {
  const address = field({ type: 'address', label: 'Home' });
  const signed = { uploadId: 'up_1', name: 'signature.png', size: 120, type: 'image/png' };
  it('shows each as one line of text', () => {
    expect(answerDisplayText(field({ type: 'phone' }), '+4915112345678')).toBe('+4915112345678');
    expect(answerDisplayText(field({ type: 'url' }), 'https://example.org')).toBe('https://example.org');
    expect(answerDisplayText(field({ type: 'time' }), '09:30')).toBe('09:30');
    expect(answerDisplayText(field({ type: 'datetime' }), '2026-12-01T09:30:00+01:00')).toBe(
      '2026-12-01T09:30:00+01:00',
    );
    expect(
      answerDisplayText(address, { line1: '1 Main St', postalCode: '10115', city: 'Berlin', country: 'DE' }),
    ).toBe('1 Main St, 10115, Berlin, DE');
    expect(answerDisplayText(field({ type: 'signature' }), signed)).toBe('signed');
    expect(answerDisplayText(field({ type: 'consent', consent: { text: 'I agree' } }), true)).toBe('yes');
    expect(answerDisplayText(field({ type: 'statement', statement: { text: 'Hi' } }), 'x')).toBe('');
  });
  it('exports an address as one column per part, a signature as its upload', () => {
    const columns = exportColumns(address);
    expect(columns.map((c) => c.title)).toEqual([
      'Home – Address line 1',
      'Home – Address line 2',
      'Home – Postal code',
      'Home – City',
      'Home – State / region',
      'Home – Country',
    ]);
    expect(columns.map((c) => c.value({ line1: '1 Main St', city: 'Berlin', country: 'DE' }))).toEqual([
      '1 Main St',
      '',
      '',
      'Berlin',
      '',
      'DE',
    ]);
    const signature = exportColumns(field({ type: 'signature', label: 'Sign' }));
    expect(signature.map((c) => [c.title, c.value(signed)])).toEqual([['Sign', 'signature.png']]);
  });
  it('exports no column for a statement and a consent as "yes"', () => {
    expect(exportColumns(field({ type: 'statement', statement: { text: 'Hi' } }))).toEqual([]);
    const consent = exportColumns(field({ type: 'consent', label: 'Terms', consent: { text: 'I agree' } }));
    expect(consent.map((c) => [c.title, c.value(true)])).toEqual([['Terms', 'yes']]);
  });
  it("exports a repeating section as one column of its entries' JSON, empty without entries", () => {
    const column = sectionExportColumn({ id: 'g', title: 'Guests', order: 1, repeat: { max: 3 } });
    const entries = [{ guest: 'Ada', meal: 'fish' }, { guest: '=1+1' }];
    expect(column.title).toBe('Guests');
    expect(JSON.parse(column.value(entries))).toEqual(entries);
    for (const none of [undefined, [], 'Ada', [1, 'x']]) expect(column.value(none)).toBe('');
  });
  it("compares an address's country as stored: trimmed and upper-cased", () => {
    const country = comparedAs(address, { part: 'country' });
    expect(country.read?.({ line1: '1 Main St', city: 'Berlin', country: ' de ' })).toBe('DE');
    expect(comparedAs(address, { part: 'country' }).read?.({ line1: '1 Main St' })).toBeUndefined();
  });
  describe("a phone condition's value, compared as E.164", () => {
    const tel = field({ id: 'tel', type: 'phone', label: 'Phone', phone: { defaultCountry: 'DE' } });
    const form = (operator: 'equals' | 'notEquals', value: string): FormSchema => ({
      version: '1.0',
      schemaVersion: '2025-01-01',
      meta: { title: 'Phone', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields: [
        tel,
        {
          id: 'callback',
          sectionId: 's',
          type: 'text',
          label: 'Callback',
          order: 1,
          conditionalLogic: {
            action: 'show',
            conditionGroups: [{ conditions: [{ fieldId: 'tel', operator, value }] }],
          },
        },
      ],
    });
    const shown = (schema: FormSchema, answer: string | undefined) =>
      !evaluateVisibility(schema, { tel: answer }).hiddenFields.has('callback');

    it.each(['+49301234567', '030 1234567', ' +49 30 1234567 '])(
      'matches the stored answer whether the form maker wrote it as %j',
      (value) => {
        expect(shown(form('equals', value), '+49301234567')).toBe(true);
        expect(shown(form('equals', value), '+4915112345678')).toBe(false);
        expect(shown(form('equals', value), undefined)).toBe(false);
        expect(shown(form('notEquals', value), '+49301234567')).toBe(false);
        expect(shown(form('notEquals', value), '+4915112345678')).toBe(true);
        expect(checkSchema(form('equals', value))).toEqual([]);
      },
    );
    it('reads a national value in the default country, and refuses a value that is no number', () => {
      expect(comparedAs(tel).stored?.('030 1234567')).toBe('+49301234567');
      expect(comparedAs({ ...tel, phone: { defaultCountry: 'AT' } }).stored?.('030 1234567')).not.toBe(
        '+49301234567',
      );
      const problems = checkSchema(form('equals', '12'));
      expect(problems.map((p) => p.code)).toEqual(['value_type_mismatch']);
      expect(problems[0]?.message).toContain('needs a phone number');
    });
  });
});

describe('translation keys of the question types', () => {
  const schema: FormSchema = {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'T', language: 'en' },
    sections: [{ id: 's', title: 'S', order: 0 }],
    fields: [
      field({
        id: 'g',
        sectionId: 's',
        type: 'matrix',
        matrix: {
          rows: [{ id: 'r1', label: 'Row' }],
          columns: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
      }),
      field({ id: 'n', sectionId: 's', type: 'nps', nps: { lowLabel: 'Unlikely', highLabel: 'Likely' } }),
      field({ id: 'sc', sectionId: 's', type: 'scale', scale: { min: 1, max: 5, midLabel: 'Neutral' } }),
      field({ id: 'sl', sectionId: 's', type: 'slider', slider: { min: 0, max: 10, step: 1, unit: 'km' } }),
      field({
        id: 'r',
        sectionId: 's',
        options: [{ label: 'Red', value: 'red' }],
        other: { label: 'Other' },
      }),
      field({
        id: 'c',
        sectionId: 's',
        type: 'consent',
        consent: { text: 'I agree to the [terms](https://x.example).' },
      }),
      field({ id: 'st', sectionId: 's', type: 'statement', statement: { text: 'Read this first.' } }),
    ],
  };
  it('lists every new text under its key', () => {
    const keys = translationKeys(schema).map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'fields.g.rows.r1',
        'fields.g.columns.a',
        'fields.g.columns.b',
        'fields.n.nps.lowLabel',
        'fields.n.nps.highLabel',
        'fields.sc.scale.midLabel',
        'fields.sl.slider.unit',
        'fields.r.other',
        'fields.r.options.red',
        'fields.c.consent',
        'fields.st.statement',
      ]),
    );
  });
  it('translateSchema replaces them and leaves the input unchanged', () => {
    const translated = translateSchema(
      {
        ...schema,
        translations: {
          de: {
            'fields.g.rows.r1': 'Zeile',
            'fields.sl.slider.unit': 'Kilometer',
            'fields.r.other': 'Andere',
            'fields.c.consent': 'Ich stimme den [Bedingungen](https://x.example) zu.',
            'fields.st.statement': 'Bitte zuerst lesen.',
          },
        },
      },
      'de',
    );
    expect(translated.fields[0]?.matrix?.rows[0]?.label).toBe('Zeile');
    expect(translated.fields[0]?.matrix?.columns[0]?.label).toBe('A');
    expect(translated.fields[3]?.slider?.unit).toBe('Kilometer');
    expect(translated.fields[4]?.other?.label).toBe('Andere');
    expect(translated.fields[5]?.consent?.text).toBe('Ich stimme den [Bedingungen](https://x.example) zu.');
    expect(translated.fields[6]?.statement?.text).toBe('Bitte zuerst lesen.');
    expect(schema.fields[0]?.matrix?.rows[0]?.label).toBe('Row');
  });
  it('an unknown translation key of a question type is an integrity problem', () => {
    const problems = checkSchema({ ...schema, translations: { de: { 'fields.g.rows.nope': 'x' } } });
    expect(problems.map((p) => p.code)).toContain('unknown_translation_key');
  });
});

describe('imageSource', () => {
  it("shows https images, paths of the same server and the server's own image route over http", () => {
    expect(imageSource('https://img.example/cat.png')).toBe('https://img.example/cat.png');
    expect(imageSource('/v1/public/images/abc')).toBe('/v1/public/images/abc');
    // A server without TLS (a local one) names its owner uploads with an http URL.
    const local = publicImageUrl('http://localhost:3000/', 'Qm9v_x-1');
    expect(imageSource(local)).toBe(local);
  });

  it('shows nothing else', () => {
    for (const url of [
      'http://tracker.example/pixel.png',
      'http://evil.example/v1/public/images/a?x=1',
      'http://user@evil.example/v1/public/images/a',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(imageSource(url)).toBeUndefined();
    }
  });
});

describe('countryNames', () => {
  it("names the countries in the respondent's language, ordered by name", () => {
    expect(countryNames('de', ['DE', 'AT', 'CH'])).toEqual([
      ['DE', 'Deutschland'],
      ['AT', 'Österreich'],
      ['CH', 'Schweiz'],
    ]);
    const all = countryNames('en');
    expect(all.length).toBeGreaterThan(240);
    expect(all.find(([code]) => code === 'GB')?.[1]).toBe('United Kingdom');
    expect(all.map(([code]) => code)).not.toContain('EU');
  });
});
