import { randomUUID } from 'node:crypto';
import {
  type CreateThemeBody,
  contrastWarnings,
  type DeleteResult,
  type FormSchema,
  type FormSettings,
  type PublicTheme,
  publicImageUrl,
  SHIPPED_FONTS,
  type ShippedFont,
  THEME_PRESETS,
  THEMES_PER_ACCOUNT,
  type Theme,
  type ThemeColors,
  type ThemeFont,
  type ThemeList,
  type ThemeMode,
  type ThemePresetList,
  themeVars,
  type UpdateThemeBody,
} from '@formloom/contract';
import type { Db, ThemeRow } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { badRequest, conflict, notFound } from '../../domain-errors.js';
import { audited } from '../../platform/audit/index.js';
import { fontFileUrl } from '../../platform/theme-fonts.js';
import type { OwnerUploadsService } from '../uploads/index.js';
import { scopeThemeCss } from './theme-css.js';
import { createThemesStore } from './themes-store.js';

export interface ThemesServiceDeps {
  db: Db;
  clock: () => Date;
  /** FORMLOOM_PUBLIC_URL: where uploads and fonts are served from (custom CSS's url(), the logo). */
  publicUrl: string;
  /** The account's uploads: a logo or background image must be one of them. */
  images: Pick<OwnerUploadsService, 'assertRefsOwned'>;
  maxPerAccount?: number;
}

const themeNotFound = (id: string) => notFound(`Theme ${id} not found`);

function toTheme(row: ThemeRow): Theme {
  const colors = fromJson<ThemeColors>(row.colors);
  const background =
    row.background_color === null && row.background_image === null
      ? null
      : {
          ...(row.background_color === null ? {} : { color: row.background_color }),
          ...(row.background_image === null ? {} : { image: row.background_image }),
        };
  return {
    id: row.id,
    name: row.name,
    colors,
    font: row.font as ThemeFont,
    radius: Number(row.radius),
    logo: row.logo,
    background,
    mode: row.mode as ThemeMode,
    css: row.css,
    warnings: contrastWarnings(colors, background),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const isShipped = (font: ThemeFont): font is ShippedFont => Object.hasOwn(SHIPPED_FONTS, font);

/**
 * An account's themes: CRUD (each change in the audit log), the uploads a theme names checked to
 * be the account's, custom CSS checked and scoped once when saved; and a form's theme resolved
 * for its renderers.
 */
export function createThemesService({
  db,
  clock,
  publicUrl,
  images,
  maxPerAccount = THEMES_PER_ACCOUNT,
}: ThemesServiceDeps) {
  const store = createThemesStore(db);

  /** The uploads the body names are the account's (a 400 at the first that is not). */
  async function checkImages(accountId: string, body: UpdateThemeBody) {
    const refs = [
      ...(body.logo ? [{ path: 'logo', id: body.logo }] : []),
      ...(body.background?.image ? [{ path: 'background.image', id: body.background.image }] : []),
    ];
    await images.assertRefsOwned(accountId, refs, db, 'The theme');
  }

  /** The row's columns a body sets (a PATCH: only those it names). */
  function columnsOf(body: UpdateThemeBody): Partial<ThemeRow> {
    const values: Partial<ThemeRow> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.colors !== undefined) values.colors = toJson(body.colors);
    if (body.font !== undefined) values.font = body.font;
    if (body.radius !== undefined) values.radius = body.radius;
    if (body.logo !== undefined) values.logo = body.logo;
    if (body.background !== undefined) {
      values.background_color = body.background?.color ?? null;
      values.background_image = body.background?.image ?? null;
    }
    if (body.mode !== undefined) values.mode = body.mode;
    if (body.css !== undefined) {
      // An empty sheet is no sheet.
      const css = body.css === null || body.css.trim() === '' ? null : body.css;
      values.css = css;
      values.css_scoped = css === null ? null : scopeThemeCss(css, publicUrl);
    }
    return values;
  }

  async function load(accountId: string, id: string): Promise<ThemeRow> {
    const row = await store.find(accountId, id);
    if (row === undefined) throw themeNotFound(id);
    return row;
  }

  return {
    /**
     * Refuses (400) a schema whose `settings.themeId` names no theme of `accountId`: another
     * account's theme id is as unknown as a made-up one (the forms feature calls this as it saves).
     */
    async assertOwned(accountId: string, schema: FormSchema, trx: Db = db): Promise<void> {
      const id = schema.settings?.themeId;
      if (id === undefined) return;
      if ((await createThemesStore(trx).find(accountId, id)) === undefined)
        throw badRequest(`settings.themeId: no theme ${id} in this account`, [
          {
            path: 'body.schema.settings.themeId',
            code: 'unknown_theme',
            message: `No theme ${id} in this account`,
          },
        ]);
    },

    presets(): ThemePresetList {
      return { presets: [...THEME_PRESETS] };
    },

    async list(accountId: string): Promise<ThemeList> {
      return { themes: (await store.list(accountId)).map(toTheme) };
    },

    async get(accountId: string, id: string): Promise<Theme> {
      return toTheme(await load(accountId, id));
    },

    async create(accountId: string, body: CreateThemeBody): Promise<Theme> {
      const values = columnsOf(body);
      await checkImages(accountId, body);
      const held = await store.count(accountId);
      if (held >= maxPerAccount) {
        throw conflict(`This account keeps ${maxPerAccount} themes already: delete one first`);
      }
      const now = isoNow(clock());
      const row: ThemeRow = {
        id: randomUUID(),
        account_id: accountId,
        name: body.name,
        colors: toJson(body.colors),
        font: body.font,
        radius: body.radius,
        logo: null,
        background_color: null,
        background_image: null,
        mode: body.mode,
        css: null,
        css_scoped: null,
        ...values,
        created_at: now,
        updated_at: now,
      };
      await audited(
        db,
        accountId,
        'theme.created',
        { type: 'theme', id: row.id },
        (trx) => createThemesStore(trx).insert(row),
        clock,
      );
      return toTheme(row);
    },

    async update(accountId: string, id: string, body: UpdateThemeBody): Promise<Theme> {
      const current = await load(accountId, id);
      const values = { ...columnsOf(body), updated_at: isoNow(clock()) };
      await checkImages(accountId, body);
      const updated = await audited(
        db,
        accountId,
        'theme.updated',
        { type: 'theme', id },
        (trx) => createThemesStore(trx).update(accountId, id, values),
        clock,
      );
      if (!updated) throw themeNotFound(id);
      return toTheme({ ...current, ...values });
    },

    async remove(accountId: string, id: string): Promise<DeleteResult> {
      const removed = await audited(
        db,
        accountId,
        'theme.deleted',
        { type: 'theme', id },
        (trx) => createThemesStore(trx).remove(accountId, id),
        clock,
      );
      if (!removed) throw themeNotFound(id);
      return { id, deleted: true };
    },

    /**
     * A form's look for its renderers: its theme (`settings.themeId`, a theme of the form's own
     * account: another account's id is no theme) and whether the branding shows. Undefined for
     * the default look, with the branding.
     */
    async publicTheme(
      accountId: string,
      settings: FormSettings | undefined,
      base = publicUrl,
    ): Promise<PublicTheme | undefined> {
      const branding = settings?.branding !== false;
      const themeId = settings?.themeId;
      const row = themeId === undefined ? undefined : await store.find(accountId, themeId);
      if (row === undefined) return branding ? undefined : { vars: {}, mode: 'auto', branding };
      const theme = toTheme(row);
      return {
        vars: themeVars({ ...theme, background: theme.background ?? undefined }, base),
        ...(row.css_scoped === null ? {} : { css: row.css_scoped }),
        ...(isShipped(theme.font)
          ? { font: { family: SHIPPED_FONTS[theme.font].family, url: fontFileUrl(base, theme.font) } }
          : {}),
        ...(theme.logo === null ? {} : { logoUrl: publicImageUrl(base, theme.logo) }),
        mode: theme.mode,
        branding,
      };
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
