import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  CreateThemeBody,
  THEME_CSS_MAX_BYTES,
  THEMES_PER_ACCOUNT,
  Theme,
  ThemeList,
  ThemePresetList,
  UpdateThemeBody,
} from '../models/theme.js';
import { creates, meta } from './metadata.js';
import { API_KEY_ERRORS, BODY_ERRORS, c, errorResponses, IdempotencyHeaders } from './shared.js';

const read = meta({ auth: 'apiKey', scope: 'THEMES_READ', permission: 'themes.read', minPlan: 'STARTER' });
const write = meta({ auth: 'apiKey', scope: 'THEMES_WRITE', permission: 'themes.write', minPlan: 'STARTER' });
const ThemeIdParams = z.object({ id: Uuid.describe('Theme id') });
const notFound = { 404: 'Theme not found' };
const refused = `Invalid body; or custom CSS over ${THEME_CSS_MAX_BYTES / 1024} KB, that does not parse, that imports, loads a URL of another origin or styles the page outside the form; or a logo or background image that is not an upload of the account`;

/** An account's themes: a form applies one through `settings.themeId`. */
export const themesRouter = c.router({
  listThemePresets: {
    method: 'GET',
    path: '/v1/themes/presets',
    summary: 'List ready themes',
    description: 'Ready themes to start from: POST one (without its `id`) to make an editable copy.',
    responses: { 200: success(ThemePresetList, 'The presets'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
  listThemes: {
    method: 'GET',
    path: '/v1/themes',
    summary: 'List themes',
    responses: { 200: success(ThemeList, 'The themes'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
  getTheme: {
    method: 'GET',
    path: '/v1/themes/:id',
    pathParams: ThemeIdParams,
    summary: 'Get a theme',
    responses: { 200: success(Theme, 'The theme'), ...errorResponses([...API_KEY_ERRORS, 404], notFound) },
    metadata: read,
  },
  createTheme: {
    method: 'POST',
    path: '/v1/themes',
    body: CreateThemeBody,
    summary: 'Create a theme',
    description: `The answer's \`warnings\` names colour pairs below WCAG AA; the theme is saved all the same. An account keeps at most ${THEMES_PER_ACCOUNT}.`,
    responses: {
      201: success(Theme, 'The theme'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409], {
        400: refused,
        409: `The account keeps ${THEMES_PER_ACCOUNT} themes already`,
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  updateTheme: {
    method: 'PATCH',
    path: '/v1/themes/:id',
    pathParams: ThemeIdParams,
    body: UpdateThemeBody,
    summary: 'Update a theme',
    description: 'Only the properties sent change; forms that use the theme show the change at once.',
    responses: {
      200: success(Theme, 'The updated theme'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], { ...notFound, 400: refused }),
    },
    metadata: write,
  },
  deleteTheme: {
    method: 'DELETE',
    path: '/v1/themes/:id',
    pathParams: ThemeIdParams,
    summary: 'Delete a theme',
    description: 'Forms that named it show the default look.',
    responses: {
      200: success(DeleteResult, 'Deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
});
