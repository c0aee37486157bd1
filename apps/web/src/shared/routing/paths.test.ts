import { describe, expect, it } from 'vitest';
import { loginPathFor, subsystemOf, withBasename } from './paths.ts';

describe('paths', () => {
  it('finds the sub-system below the basename', () => {
    expect(subsystemOf('/measurerobot/mscProjectList', '/')).toBe('measurerobot');
    expect(subsystemOf('/cloud/supplement/pdfView', '/cloud')).toBe('supplement');
    expect(subsystemOf('/cloud/', '/cloud')).toBeUndefined();
  });

  it('sends every sub-system without a login page to the cloud login', () => {
    expect(loginPathFor('measurerobot')).toBe('/measurerobot/login');
    expect(loginPathFor(undefined)).toBe('/measurerobot/login');
    expect(loginPathFor('supplement')).toBe('/measurerobot/login');
  });

  it('prefixes the basename', () => {
    expect(withBasename('/measurerobot/login', '/')).toBe('/measurerobot/login');
    expect(withBasename('/measurerobot/login', '/cloud')).toBe('/cloud/measurerobot/login');
  });
});
