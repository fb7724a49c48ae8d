import type { Permission } from '@formloom/sdk';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MessageKey } from './i18n/messages.js';

import type { PageProps } from './navigation.js';

// Pages import these from navigation.ts (a page importing this table would be an import cycle).
export { type PageProps, pathTo } from './navigation.js';

export interface Route {
  /** A path under `/app`, with `:name` parts, e.g. `/forms/:formId/responses`. */
  path: string;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** The permission a member needs to open the page; it also hides its menu entry. */
  permission: Permission;
  /** A menu entry's label (in the shell's catalog), for the pages the main menu lists. */
  nav?: MessageKey;
}

/**
 * The signed-in pages, each its own chunk (the sign-in page loads none of them). One line per
 * page: a page is added here and nowhere else. The first route is the home page.
 */
export const ROUTES: readonly Route[] = [
  {
    path: '/forms',
    page: lazy(() => import('./features/forms/forms-page.js')),
    permission: 'forms.read',
    nav: 'forms',
  },
  {
    path: '/smart-forms',
    page: lazy(() => import('./features/smart-forms/smart-forms-page.js')),
    permission: 'smart_forms.read',
    nav: 'smartForms',
  },
  // Before `/smart-forms/:smartFormId`, which would also match it (the first match wins).
  {
    path: '/smart-forms/new',
    page: lazy(() => import('./features/smart-forms/smart-form-page.js')),
    permission: 'smart_forms.write',
  },
  {
    path: '/smart-forms/:smartFormId',
    page: lazy(() => import('./features/smart-forms/smart-form-page.js')),
    permission: 'smart_forms.read',
  },
  {
    path: '/webhooks',
    page: lazy(() => import('./features/webhooks/webhooks-page.js')),
    permission: 'webhooks.read',
    nav: 'webhooks',
  },
  {
    path: '/themes',
    page: lazy(() => import('./features/themes/themes-page.js')),
    permission: 'themes.read',
    nav: 'themes',
  },
  {
    path: '/integrations',
    page: lazy(() => import('./features/integrations/integrations-page.js')),
    permission: 'integrations.manage',
    nav: 'integrations',
  },
  {
    path: '/security',
    page: lazy(() => import('./features/security/security-page.js')),
    permission: 'account.read',
    nav: 'security',
  },
  {
    path: '/sso',
    page: lazy(() => import('./features/sso/sso-page.js')),
    permission: 'owners.manage',
    nav: 'sso',
  },
  {
    path: '/payments',
    page: lazy(() => import('./features/payments/payments-page.js')),
    permission: 'payments.manage',
    nav: 'payments',
  },
  {
    path: '/usage',
    page: lazy(() => import('./features/usage/usage-page.js')),
    permission: 'account.read',
    nav: 'usage',
  },
  {
    path: '/forms/:formId/share',
    page: lazy(() => import('./features/share/share-page.js')),
    permission: 'forms.read',
  },
  {
    path: '/forms/:formId/responses',
    page: lazy(() => import('./features/responses/responses-page.js')),
    permission: 'responses.read',
  },
  {
    path: '/forms/:formId/destinations',
    page: lazy(() => import('./features/destinations/destinations-page.js')),
    permission: 'webhooks.read',
  },
  {
    path: '/forms/:formId/figures',
    page: lazy(() => import('./features/responses/figures-page.js')),
    permission: 'responses.read',
  },
  {
    path: '/forms/:formId/responses/:responseId',
    page: lazy(() => import('./features/responses/response-page.js')),
    permission: 'responses.read',
  },
  {
    path: '/api-keys',
    page: lazy(() => import('./features/api-keys/api-keys-page.js')),
    permission: 'keys.manage',
    nav: 'apiKeys',
  },
  {
    path: '/members',
    page: lazy(() => import('./features/members/members-page.js')),
    permission: 'members.manage',
    nav: 'members',
  },
  {
    path: '/domains',
    page: lazy(() => import('./features/domains/domains-page.js')),
    permission: 'domains.manage',
    nav: 'domains',
  },
  {
    path: '/audit-log',
    page: lazy(() => import('./features/audit-log/audit-log-page.js')),
    permission: 'audit.read',
    nav: 'auditLog',
  },
  {
    path: '/smart-forms/:smartFormId/sessions',
    page: lazy(() => import('./features/smart-sessions/sessions-page.js')),
    permission: 'smart_forms.read',
  },
  {
    path: '/smart-forms/:smartFormId/sessions/:sessionId',
    page: lazy(() => import('./features/smart-sessions/session-page.js')),
    permission: 'smart_forms.read',
  },
  {
    path: '/smart-forms/:smartFormId/analytics',
    page: lazy(() => import('./features/smart-sessions/analytics-page.js')),
    permission: 'smart_forms.read',
  },
  {
    path: '/forms/:formId',
    page: lazy(() => import('./features/builder/builder-page.js')),
    permission: 'forms.read',
  },
];

/** The route a pathname opens, with its parameters; `/app` and `/app/` open the first route. */
export function matchRoute(pathname: string): { route: Route; params: Record<string, string> } | undefined {
  const path = pathname.replace(/^\/app/, '').replace(/\/+$/, '') || ROUTES[0]!.path;
  const parts = path.split('/');
  for (const route of ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = decodeURIComponent(parts[i]!);
        return parts[i] !== '';
      }
      return segment === parts[i];
    });
    if (matches) return { route, params };
  }
  return undefined;
}
