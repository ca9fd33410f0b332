import { describe, expect, it } from 'vitest';
import enAdmin from '../../../locales/en/admin.json';
import swAdmin from '../../../locales/sw/admin.json';
import { LAZY_NAMESPACES } from '../../../lib/i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the admin texts', () => {
  it('load on demand, not on the first visit', () => {
    expect(LAZY_NAMESPACES).toContain('admin');
  });

  it('have every English key in Swahili', () => {
    expect(keys(swAdmin).sort()).toEqual(keys(enAdmin).sort());
  });

  it('keep the admin copy in English word for word', () => {
    expect(enAdmin.login).toMatchObject({
      title: 'Admin Login',
      username: 'Username',
      password: 'Password',
      submit: 'Login',
      required: 'Username and Password are required',
    });
    expect(enAdmin.properties).toMatchObject({
      title: 'Properties Management',
      empty: 'No properties available in this category.',
      failed: 'Failed to load properties',
    });
    expect(enAdmin.users.title).toBe('Users List');
    expect(enAdmin.user.title).toBe('User Details');
  });
});
