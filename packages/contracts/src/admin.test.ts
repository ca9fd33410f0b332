import { describe, expect, it } from 'vitest';
import { ZAdminPaymentsQuery, ZCalendarDay, ZDisapproveBody } from './admin';

// Found by the API fuzzer: GET /api/admin/payments?from=0000-01-01 was a 500 (the day, shifted to
// East Africa Time, is an instant PostgreSQL cannot read).
describe('a calendar day filter', () => {
  it.each(['2000-01-01', '2026-11-22', '2999-12-31'])('accepts %s', (day) => {
    expect(ZCalendarDay.safeParse(day).success).toBe(true);
  });

  it.each(['0000-01-01', '1999-12-31', '3000-01-01', '9999-12-31'])('refuses %s', (day) => {
    expect(ZAdminPaymentsQuery.safeParse({ from: day }).success).toBe(false);
    expect(ZAdminPaymentsQuery.safeParse({ to: day }).success).toBe(false);
  });
});

// Found by the API fuzzer: a reason with a lone surrogate was a 500 (PostgreSQL refuses it in the
// audit entry's jsonb).
describe('a disapproval reason', () => {
  it('refuses a lone surrogate and keeps emoji', () => {
    expect(ZDisapproveBody.safeParse({ reason: '\ud800..' }).success).toBe(false);
    expect(ZDisapproveBody.safeParse({ reason: 'abc\udfff' }).success).toBe(false);
    expect(ZDisapproveBody.safeParse({ reason: 'Picha hazionekani 😀' }).success).toBe(true);
  });
});
