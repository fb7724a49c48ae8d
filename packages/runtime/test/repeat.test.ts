import { formatMessage } from '@formloom/contract/engine';
import { createFormRuntime, type FormRuntime, type LocalSubmission } from '@formloom/runtime';
import {
  addEntry,
  entriesOf,
  entryAnswer,
  entryPath,
  entryText,
  hiddenInEntry,
  moveEntry,
  removeEntry,
  setEntryAnswer,
} from '@formloom/runtime/repeat';
import { guestsSchema, publishForm, useServed } from 'formloom/testing/served';
import { beforeAll, describe, expect, it } from 'vitest';

function fillGuest(form: FormRuntime, index: number, name: string, age?: number, meal?: string) {
  setEntryAnswer(form, 'guests', index, 'name', name);
  if (age !== undefined) setEntryAnswer(form, 'guests', index, 'age', age);
  if (meal !== undefined) setEntryAnswer(form, 'guests', index, 'meal', meal);
}

describe('the runtime with a repeating section, local', () => {
  it('adds, edits, moves and removes entries, within the section bounds', () => {
    const form = createFormRuntime({ schema: guestsSchema('single-column'), onSubmit: () => {} });
    const state = () => form.getState();
    expect(entriesOf(state(), 'guests')).toEqual([]);
    expect(addEntry(form, 'guests')).toBe(true);
    expect(addEntry(form, 'guests')).toBe(true);
    expect(addEntry(form, 'guests')).toBe(true);
    // max 3
    expect(addEntry(form, 'guests')).toBe(false);
    expect(addEntry(form, 'you')).toBe(false);
    fillGuest(form, 0, 'Ada', 40);
    fillGuest(form, 1, 'Bo', 7);
    fillGuest(form, 2, 'Cy', 30);
    // A field of another section, or an entry that is not there, is refused.
    expect(setEntryAnswer(form, 'guests', 0, 'host', 'x')).toBe(false);
    expect(setEntryAnswer(form, 'guests', 5, 'name', 'x')).toBe(false);
    expect(moveEntry(form, 'guests', 2, 0)).toBe(true);
    expect(entriesOf(state(), 'guests').map((e) => e.name)).toEqual(['Cy', 'Ada', 'Bo']);
    expect(moveEntry(form, 'guests', 0, 3)).toBe(false);
    expect(removeEntry(form, 'guests', 1)).toBe(true);
    expect(entriesOf(state(), 'guests').map((e) => e.name)).toEqual(['Cy', 'Bo']);
    expect(removeEntry(form, 'guests', 2)).toBe(false);
    expect(entryAnswer(state(), 'guests', 1, 'age')).toBe(7);
    // The meal shows for an adult entry only, and the variables follow the entries.
    expect(hiddenInEntry(state(), 'guests', 0, 'meal')).toBe(false);
    expect(hiddenInEntry(state(), 'guests', 1, 'meal')).toBe(true);
    expect(state().variables).toEqual({ count: 2, years: 37 });
    expect(entryText(form, 'Meal for {{name}}', 'guests', 1)).toBe('Meal for Bo');
    // The last entry removed leaves no answer for the section.
    removeEntry(form, 'guests', 0);
    removeEntry(form, 'guests', 0);
    expect(Object.hasOwn(state().answers, 'guests')).toBe(false);
  });

  it('shows each error at the path of its entry, and the bounds at the section', async () => {
    const submitted: LocalSubmission[] = [];
    const form = createFormRuntime({
      schema: guestsSchema('single-column'),
      onSubmit: (s) => void submitted.push(s),
    });
    form.setAnswer('host', 'Ann');
    expect(await form.submit()).toBe(false);
    expect(form.getState().errors).toEqual({
      guests: [formatMessage('en', 'minEntries', { min: 1 })],
    });
    addEntry(form, 'guests');
    addEntry(form, 'guests');
    fillGuest(form, 0, 'Ada', 40, 'fish');
    setEntryAnswer(form, 'guests', 1, 'age', -2);
    expect(await form.submit()).toBe(false);
    expect(Object.keys(form.getState().errors)).toEqual([
      entryPath('guests', 1, 'name'),
      entryPath('guests', 1, 'age'),
    ]);
    // Fixing one clears it as it is typed; removing the entry clears the rest.
    setEntryAnswer(form, 'guests', 1, 'name', 'Bo');
    expect(Object.keys(form.getState().errors)).toEqual(['guests[1].age']);
    removeEntry(form, 'guests', 1);
    expect(form.getState().errors).toEqual({});
    expect(await form.submit()).toBe(true);
    expect(submitted[0]?.answers).toEqual({ host: 'Ann', guests: [{ name: 'Ada', age: 40, meal: 'fish' }] });
    expect(submitted[0]?.variables).toEqual({ count: 1, years: 40 });
  });

  it('stops Next on the page of the entries until they pass', () => {
    const form = createFormRuntime({ schema: guestsSchema(), onSubmit: () => {} });
    form.setAnswer('host', 'Ann');
    expect(form.next()).toBe(true);
    expect(form.getState().page).toBe('guests');
    expect(form.next()).toBe(false);
    expect(Object.keys(form.getState().errors)).toEqual(['guests']);
    addEntry(form, 'guests');
    expect(form.next()).toBe(false);
    expect(Object.keys(form.getState().errors)).toEqual(['guests[0].name']);
    fillGuest(form, 0, 'Ada', 50, 'fish');
    expect(form.next()).toBe(true);
    // An outside condition on the entries: any guest with fish shows the note.
    expect(form.getState()).toMatchObject({ page: 'end' });
    expect(form.getState().hiddenFields.has('note')).toBe(false);
  });
});

describe('the runtime with a repeating section, against the reference server', () => {
  const t = useServed();
  let key = '';
  let booking = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    booking = await publishForm(t, key, guestsSchema());
  });

  it('saves the entries with the partial, resumes them and stores them as a list', async () => {
    const first = createFormRuntime({ code: booking.code, api: t.url, lang: 'de' });
    await first.load();
    expect(first.getState().schema?.sections[1]?.repeat?.addLabel).toBe('Gast hinzufügen');
    first.setAnswer('host', 'Ann');
    expect(first.next()).toBe(true);
    addEntry(first, 'guests');
    addEntry(first, 'guests');
    fillGuest(first, 0, 'Ada', 40, 'veg');
    fillGuest(first, 1, 'Bo', 7);
    expect(first.next()).toBe(true);
    await first.idle();
    const token = first.getState().resumeToken!;

    const again = createFormRuntime({ code: booking.code, api: t.url, resume: token, lang: 'de' });
    await again.load();
    expect(again.getState()).toMatchObject({ page: 'end' });
    expect(entriesOf(again.getState(), 'guests')).toEqual([
      { name: 'Ada', age: 40, meal: 'veg' },
      { name: 'Bo', age: 7 },
    ]);
    expect(await again.submit()).toBe(true);
    expect(again.getState().completion?.message).toBe('Danke Ann: 2 Gäste gebucht.');
    const res = await t.request(`/v1/forms/${booking.id}/responses`, { key });
    const stored = (res.body.data.responses as { id: string; answers: unknown }[]).find(
      (r) => r.id === again.getState().responseId,
    );
    expect(stored?.answers).toEqual({
      host: 'Ann',
      guests: [
        { name: 'Ada', age: 40, meal: 'veg' },
        { name: 'Bo', age: 7 },
      ],
    });
  });

  it("refuses an entry at the entry's path on the server too", async () => {
    // The server's own check, as a client without the engine would meet it.
    const res = await t.request(`/v1/public/forms/${booking.code}/responses`, {
      method: 'POST',
      json: { answers: { host: 'Ann', guests: [{ age: 3 }] } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('guests[0].name');
  });
});
