import { createFormRuntime, type LocalSubmission } from '@formloom/runtime';
import { publishForm, signupSchema, useServed } from 'formloom/testing/served';
import { beforeAll, describe, expect, it } from 'vitest';

describe('jumps in the runtime over a local schema', () => {
  it('next() follows a jump, back() returns along the path taken, and skipped answers are not sent', async () => {
    const submitted: LocalSubmission[] = [];
    const form = createFormRuntime({ schema: signupSchema(), onSubmit: (s) => void submitted.push(s) });
    const state = () => form.getState();
    expect(state().pages).toEqual(['plan', 'billing', 'profile']);
    form.setAnswer('kind', 'pro');
    expect(form.next()).toBe(true);
    expect(state().page).toBe('billing');
    form.setAnswer('seats', 3);
    expect(form.back()).toBe(true);
    form.setAnswer('kind', 'free');
    expect(state().pages).toEqual(['plan', 'profile']);
    expect(state().hiddenSections.has('billing')).toBe(true);
    expect(form.next()).toBe(true);
    expect(state().page).toBe('profile');
    expect(form.back()).toBe(true);
    expect(state().page).toBe('plan');
    form.next();
    form.setAnswer('name', 'Ada');
    expect(await form.submit()).toBe(true);
    expect(submitted[0]!.answers).toEqual({ kind: 'free', name: 'Ada' });
    expect(state().completion).toEqual({ message: 'Thanks Ada!', endingId: null });
  });

  it('a jump to an ending makes its page the last: Submit there ends on that ending', async () => {
    const submitted: LocalSubmission[] = [];
    const form = createFormRuntime({ schema: signupSchema(), onSubmit: (s) => void submitted.push(s) });
    form.setAnswer('kind', 'none');
    expect(form.getState().pages).toEqual(['plan']);
    expect(form.next()).toBe(false);
    expect(await form.submit()).toBe(true);
    expect(submitted[0]!.answers).toEqual({ kind: 'none' });
    expect(form.getState().completion).toEqual({
      title: 'Goodbye',
      message: 'Maybe next time.',
      endingId: 'bye',
    });
  });
});

describe('jumps in the runtime against the reference server', () => {
  const t = useServed();
  let form = { id: '', code: '' };

  beforeAll(async () => {
    const { key } = await t.account();
    form = await publishForm(t, key, signupSchema());
  });

  it('shows the ending the server decided, by conditions the public form does not carry', async () => {
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    expect(runtime.getState().schema?.settings?.endings?.[1]).not.toHaveProperty('conditionGroups');
    runtime.setAnswer('kind', 'pro');
    runtime.next();
    runtime.setAnswer('seats', 80);
    runtime.next();
    runtime.setAnswer('name', 'Ada');
    expect(await runtime.submit()).toBe(true);
    expect(runtime.getState().completion).toEqual({
      title: 'A big team',
      message: 'We will call you about 80 seats, Ada.',
      redirectUrl: 'https://example.com/sales',
      endingId: 'big',
    });
  });

  it('submits along the jumped path and shows the ending a jump named', async () => {
    const runtime = createFormRuntime({ code: form.code, api: t.url });
    await runtime.load();
    runtime.setAnswer('kind', 'none');
    expect(await runtime.submit()).toBe(true);
    expect(runtime.getState().completion).toEqual({
      title: 'Goodbye',
      message: 'Maybe next time.',
      endingId: 'bye',
    });
  });
});
