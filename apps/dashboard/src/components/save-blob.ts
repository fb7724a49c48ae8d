/**
 * Saves a blob under `name` through a temporary link: the browser downloads it as any file (an
 * export, a response's PDF, a form's definition, the links just created).
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the download has surely started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
