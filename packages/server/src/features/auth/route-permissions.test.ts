import {
  type ContractRoute,
  contractRoutes,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  type Role,
  type RouteMetadata,
  roleAllows,
} from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createApp } from '../../app.js';
import { createLogger } from '../../logger.js';
import { assertPermissionsNamed } from './route-permissions.js';

const permissionOf = (name: string): Permission | undefined =>
  (contractRoutes.find((r) => r.name === name)!.metadata as { permission?: Permission }).permission;

/** The routes a role may call, by name. */
const allowed = (role: Role) =>
  contractRoutes
    .filter((r) => {
      const p = (r.metadata as { permission?: Permission }).permission;
      return p !== undefined && roleAllows(role, p);
    })
    .map((r) => r.name);

describe('route permissions', () => {
  it('every route a member or a key calls names a known permission; the server refuses otherwise', () => {
    expect(() => assertPermissionsNamed(contractRoutes)).not.toThrow();
    expect(() =>
      assertPermissionsNamed([
        ...contractRoutes,
        { name: 'sneaky', metadata: { auth: 'apiKey' } },
        { name: 'typo', metadata: { auth: 'session', permission: 'forms.wrte' } },
      ]),
    ).toThrow('No permission named for sneaky, typo');
    // Share codes and interview tokens are not members: they need none.
    expect(() => assertPermissionsNamed([{ name: 'pub', metadata: { auth: 'shareCode' } }])).not.toThrow();
  });

  it('a viewer reads forms, smart forms, responses and analytics, and changes nothing but its own sign-in', () => {
    const viewer = allowed('viewer');
    // Every member turns their own two-factor on and off, adds and removes their passkeys, ends their
    // sessions and changes their password.
    const ownSignIn = [
      'setupTwoFactor',
      'confirmTwoFactor',
      'disableTwoFactor',
      'renewRecoveryCodes',
      'endSession',
      'changePassword',
      'passkeyRegistrationOptions',
      'registerPasskey',
      'removePasskey',
    ];
    expect(viewer).toEqual(expect.arrayContaining(ownSignIn));
    for (const name of viewer.filter((n) => !ownSignIn.includes(n))) {
      const route = contractRoutes.find((r) => r.name === name)!.route;
      expect(route.method, name).toBe('GET');
    }
    expect(viewer).toEqual(
      expect.arrayContaining([
        'listForms',
        'getForm',
        'listResponses',
        'exportResponses',
        'listSmartForms',
        'getAccount',
      ]),
    );
    for (const name of ['listWebhooks', 'listAuditLog', 'getAiJob']) expect(viewer).not.toContain(name);
  });

  it('an editor edits forms and smart forms and uses AI, but not webhooks, integrations or the audit log', () => {
    const editor = allowed('editor');
    for (const name of [
      'createForm',
      'addField',
      'publishForm',
      'createSmartForm',
      'generateForm',
      'analyticsChat',
    ]) {
      expect(editor, name).toContain(name);
    }
    for (const name of [
      'createWebhook',
      'listWebhooks',
      'listConnections',
      'listAuditLog',
      'createAnalyticsSigningSecret',
    ]) {
      expect(editor, name).not.toContain(name);
    }
  });

  it('an admin does everything but manage owners; an owner everything', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(new Set(PERMISSIONS));
    expect([...PERMISSIONS].filter((p) => !roleAllows('admin', p))).toEqual(['owners.manage']);
    const named = contractRoutes.filter(
      (r) => (r.metadata as { permission?: Permission }).permission !== undefined,
    );
    // Owners only: the account's single sign-on and its sign-in rules (requiring two-factor of
    // every member).
    const ownersOnly = named.filter((r) => !allowed('admin').includes(r.name)).map((r) => r.name);
    expect(ownersOnly.sort()).toEqual(['deleteSso', 'getSso', 'putSso', 'updateAccountSecurity']);
    expect(allowed('owner')).toEqual(named.map((r) => r.name));
    expect(permissionOf('listAuditLog')).toBe('audit.read');
  });

  it('roles nest: each allows everything the one below it does', () => {
    const order: Role[] = ['viewer', 'editor', 'admin', 'owner'];
    for (let i = 1; i < order.length; i++) {
      for (const p of ROLE_PERMISSIONS[order[i - 1]!])
        expect(roleAllows(order[i]!, p), `${order[i]} ${p}`).toBe(true);
    }
  });
});

describeEachDialect('the server refuses to start without a permission per route', (t) => {
  const start = () =>
    createApp({
      db: t.db,
      logger: createLogger({ level: 'silent' }),
      config: { publicUrl: 'https://forms.example.test', dataDir: t.dataDir },
    });

  it('when a route names no permission, or a kind of credential nobody checks', () => {
    expect(start).not.toThrow();
    // createApp reads the contract's flattened routes: one of them is given loose metadata here,
    // as a route added at run time could carry, and put back after.
    const route = contractRoutes.find((r) => r.name === 'listConnections') as ContractRoute;
    const original = route.metadata;
    try {
      route.metadata = { auth: 'session' } as RouteMetadata;
      expect(start).toThrow('No permission named for listConnections');
      route.metadata = { ...original, permission: 'integrations.manag' } as unknown as RouteMetadata;
      expect(start).toThrow('No permission named for listConnections');
      route.metadata = { ...original, auth: 'magic' } as unknown as RouteMetadata;
      expect(start).toThrow('No authentication for listConnections (magic)');
    } finally {
      route.metadata = original;
    }
    expect(start).not.toThrow();
  });
});
