import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { ThemesService } from './themes-service.js';

const s = initServer();

export function createThemesRouter(themes: ThemesService): RouterImplementation<typeof contract.themes> {
  return s.router(contract.themes, {
    listThemePresets: async () => ({ status: 200, body: successBody(themes.presets(), 'Theme presets') }),
    listThemes: async ({ req }) => ({
      status: 200,
      body: successBody(await themes.list(authOf(req).accountId), 'Themes'),
    }),
    getTheme: async ({ params, req }) => ({
      status: 200,
      body: successBody(await themes.get(authOf(req).accountId, params.id), 'Theme'),
    }),
    createTheme: async ({ body, req }) => ({
      status: 201,
      body: successBody(await themes.create(authOf(req).accountId, body), 'Theme created'),
    }),
    updateTheme: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await themes.update(authOf(req).accountId, params.id, body), 'Theme updated'),
    }),
    deleteTheme: async ({ params, req }) => ({
      status: 200,
      body: successBody(await themes.remove(authOf(req).accountId, params.id), 'Theme deleted'),
    }),
  });
}
