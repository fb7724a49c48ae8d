import type { Theme } from '@formloom/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of themes and their presets (one factory per resource). */
export const themeKeys = {
  all: ['themes'] as const,
  list: () => [...themeKeys.all, 'list'] as const,
  presets: () => [...themeKeys.all, 'presets'] as const,
};

export type ThemeBody = Parameters<typeof client.themes.create>[0];
export type ThemeChanges = Parameters<typeof client.themes.update>[1];

export function useThemes() {
  return useQuery({
    queryKey: themeKeys.list(),
    queryFn: async () => (await client.themes.list()).themes,
  });
}

export function useThemePresets() {
  return useQuery({
    queryKey: themeKeys.presets(),
    queryFn: async () => (await client.themes.presets()).presets,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: themeKeys.list() });
}

export function useCreateTheme() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: ThemeBody) => client.themes.create(body), onSuccess: invalidate });
}

export function useUpdateTheme() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: ThemeChanges & { id: string }) => client.themes.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTheme() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (theme: Theme) => client.themes.delete(theme.id), onSuccess: invalidate });
}

/** An image for a theme's logo: the account's uploads, as a form's pictures are. */
export function useUploadLogo() {
  return useMutation({ mutationFn: (file: File) => client.uploads.create(file, { fileName: file.name }) });
}
