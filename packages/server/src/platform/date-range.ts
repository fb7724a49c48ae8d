/** A bare date starts (or, as an end, covers) its whole UTC day; a date-time is that instant. */
export function rangeBound(value: string, edge: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(value).toISOString();
}
