import type { VersionNotification } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { opensVersionDialog } from './versionNoticeFlag.ts';

const notice = (IsReaded: boolean): VersionNotification => ({
  UpdateNotificationId: '6f1c1c1e-0000-4000-8000-000000000001',
  UpdateTitle: 'V2.7',
  TipsContent: '',
  UpdateContent: '',
  IsReaded,
  CreateTime: '2026-11-28T00:00:00.000Z',
});

describe('version notice dialog (spec section 4)', () => {
  it('opens when the notice is flagged to be read, not after it was acknowledged or when there is none', () => {
    expect(opensVersionDialog(notice(true))).toBe(true);
    expect(opensVersionDialog(notice(false))).toBe(false);
    expect(opensVersionDialog(null)).toBe(false);
    expect(opensVersionDialog(undefined)).toBe(false);
  });
});
