/**
 * Recognises a unique-constraint violation across drivers (better-sqlite3 and pg), so services
 * can turn a race into a clean answer without knowing the dialect.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
