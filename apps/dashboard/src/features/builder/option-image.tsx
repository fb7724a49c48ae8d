import { type FieldOption, OWNER_UPLOAD_MAX_BYTES, publicImageUrl, uploadIdOf } from '@formloom/contract';
import { APIError } from '@formloom/sdk';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { client } from '../../api.js';
import { ImageFileInput } from '../../components/image-file-input.js';
import { useTexts } from '../../i18n/texts.js';
import { questionTexts } from './question-texts.js';

/** What the thumbnail shows: an uploaded image at its public address (this origin's), an https URL as it is. */
function thumbnailOf(imageUrl: string | undefined): string | undefined {
  if (imageUrl === undefined) return undefined;
  const id = uploadIdOf(imageUrl);
  if (id !== undefined) return publicImageUrl('', id);
  return imageUrl.startsWith('https://') ? imageUrl : undefined;
}

/**
 * A picture choice option's image: an https URL typed in, or an image uploaded from here (which
 * the option then names as `upload:<id>`), with a thumbnail and the upload's errors.
 */
export function OptionImage({
  option,
  n,
  onChange,
}: {
  option: FieldOption;
  /** The option's place, from 1, for the labels. */
  n: number;
  onChange: (next: FieldOption) => void;
}) {
  const q = useTexts(questionTexts);
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const setUrl = (url: string) => {
    const { imageUrl: _drop, ...rest } = option;
    onChange(url === '' ? rest : { ...rest, imageUrl: url });
  };

  async function upload(file: File) {
    setError(undefined);
    // Said at once, without sending 5 MB to hear it.
    if (file.size > OWNER_UPLOAD_MAX_BYTES) {
      setError(q('imageTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const image = await client.uploads.create(file, { fileName: file.name });
      setUrl(`upload:${image.id}`);
    } catch (e) {
      if (e instanceof APIError && e.status === 413) setError(q('imageTooLarge'));
      else if (e instanceof APIError && e.status === 415) setError(q('notAnImage'));
      else setError(q('uploadFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  }

  const thumbnail = thumbnailOf(option.imageUrl);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={q('optionImage', { n })}
          placeholder="https://"
          value={option.imageUrl ?? ''}
          onChange={(e) => setUrl(e.currentTarget.value.trim())}
        />
        <ImageFileInput ref={picker} onFile={(file) => void upload(file)} />
        <Button variant="default" loading={busy} onClick={() => picker.current?.click()}>
          {busy ? q('uploading') : q('uploadImage', { n })}
        </Button>
        {thumbnail === undefined ? null : (
          <Image src={thumbnail} alt={q('imagePreview', { n })} w={48} h={48} fit="cover" radius="sm" />
        )}
      </Group>
      {error === undefined ? null : (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
