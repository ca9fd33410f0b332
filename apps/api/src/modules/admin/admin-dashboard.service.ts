import type { TAdminDashboard } from '@makazi/contracts/admin';
import type { Clock } from '../../lib/clock';
import type { AdminDashboardRepository } from './admin-dashboard.repository';

/*
 * The dashboard: what the public sees by type, what waits for review, and the money, as of the
 * injected clock (so "this month" and "the last 30 days" are testable at any instant).
 */

export interface AdminDashboardService {
  get(): Promise<TAdminDashboard>;
}

export function createAdminDashboardService(
  repository: AdminDashboardRepository,
  clock: Clock,
): AdminDashboardService {
  return {
    async get() {
      const now = clock();
      const [totals, daily] = await Promise.all([repository.totals(now), repository.daily(now)]);
      return {
        totalUsers: totals.totalUsers,
        totalPlots: totals.approvedLand,
        totalHousesForRent: totals.approvedRent,
        totalApartments: totals.approvedApartment,
        totalHousesForSale: totals.approvedHouseForSale,
        awaitingReview: totals.pending,
        paymentsNeedingReview: totals.paymentsNeedingReview,
        revenueThisMonth: totals.revenueThisMonth,
        daily,
      };
    },
  };
}
