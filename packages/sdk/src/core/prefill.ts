/** A prefill value: text (a number is sent as its decimal text), or a checkbox's options. */
export type PrefillValue = string | number | readonly string[];

/**
 * The form's public link with prefilled answers: each parameter (a field's id, or its
 * `prefill.param`) set to its value, a checkbox's options as repeated parameters. Parameters the
 * link already has (`?lang=de`) are kept, those named here replaced. Only hidden fields and fields
 * with `prefill` take a value; the server validates it at submission like any answer and drops an
 * invalid hidden value.
 *
 * ```ts
 * const form = await client.forms.publish(id);
 * prefillUrl(form.publicUrl, { utm_source: 'newsletter', topics: ['pricing', 'api'] });
 * // https://forms.example.com/f/<code>?utm_source=newsletter&topics=pricing&topics=api
 * ```
 */
export function prefillUrl(
  publicUrl: string,
  values: Readonly<Record<string, PrefillValue | undefined>>,
): string {
  const url = new URL(publicUrl);
  for (const [param, value] of Object.entries(values)) {
    if (value === undefined) continue;
    url.searchParams.delete(param);
    for (const one of typeof value === 'string' || typeof value === 'number' ? [value] : value) {
      url.searchParams.append(param, String(one));
    }
  }
  return url.toString();
}
