import { describe, expect, it } from 'vitest';
import { permissionsOf, roleMay } from './associate-roles';

describe('associate console roles', () => {
  it('lets only owners administer members and read the audit log', () => {
    expect(roleMay('owner', 'administer')).toBe(true);
    expect(roleMay('staff', 'administer')).toBe(false);
    expect(roleMay('viewer', 'administer')).toBe(false);
  });

  it('lets viewers read but neither export personal data nor change anything', () => {
    expect(permissionsOf('viewer')).toEqual({ read: true, export: false, manage: false, administer: false });
    expect(permissionsOf('staff')).toEqual({ read: true, export: true, manage: true, administer: false });
  });
});
