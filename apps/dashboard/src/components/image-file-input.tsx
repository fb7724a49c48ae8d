import { OWNER_UPLOAD_TYPES } from '@formloom/contract';
import type { Ref } from 'react';

/**
 * The hidden file input behind an "Upload image" button (`ref.current.click()` opens the chooser):
 * the image types an owner may upload, out of the tab order and unheard (the button is the
 * control), cleared after each choice so the same file can be chosen again.
 */
export function ImageFileInput({
  ref,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={OWNER_UPLOAD_TYPES.join(',')}
      hidden
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file !== undefined) onFile(file);
      }}
    />
  );
}
