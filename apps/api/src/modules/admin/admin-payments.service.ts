import type {
  TAdminPaymentRow,
  TAdminPaymentsQuery,
  TAdminPaymentsResponse,
} from '@makazi/contracts/admin';
import {
  MOBILE_MONEY_NETWORK_NAMES,
  PAYMENT_STATUSES,
  type TPaymentStatus,
} from '@makazi/contracts/payment-values';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type {
  AdminPaymentRecord,
  AdminPaymentsRepository,
  PaymentFilters,
} from './admin-payments.repository';
import { CSV_BOM, csvRecord } from './csv';
import { displayName } from './deleted-user';

/** The filters of the list and the export: the list's query without paging. */
export type AdminPaymentsFilterQuery = Omit<TAdminPaymentsQuery, 'page' | 'pageSize'>;

export interface PaymentsExport {
  filename: string;
  /** The file's text in pieces (BOM and header first, then a batch of records at a time). */
  chunks: AsyncIterable<string>;
}

export interface AdminPaymentsService {
  list(query: TAdminPaymentsQuery): Promise<TAdminPaymentsResponse>;
  /** 400 before anything is written when more payments match than one file may hold. */
  exportCsv(query: AdminPaymentsFilterQuery): Promise<PaymentsExport>;
}

export interface AdminPaymentsDeps {
  repository: AdminPaymentsRepository;
  clock: Clock;
  /** Most rows one export may hold; default 100,000. */
  exportLimit?: number;
  /** Rows read per query while exporting; default 1,000. */
  exportBatchSize?: number;
}

/*
 * The business's calendar is East Africa Time (Africa/Dar_es_Salaam): UTC+3 all year, no daylight
 * saving, so a fixed offset is exact and needs no time-zone database.
 */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an EAT calendar day (YYYY-MM-DD) starts: 2026-11-01 → 2026-10-31T21:00:00Z. */
export function eatDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS);
}

/** The EAT calendar day an instant falls on. */
export function eatDay(at: Date): string {
  return new Date(at.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** 2026-11-01 23:59:00, EAT: what a spreadsheet reads as a date and time. */
function eatDateTime(at: Date | null): string | null {
  if (!at) return null;
  const local = new Date(at.getTime() + EAT_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** Inclusive EAT days → a half-open range of instants; a range that ends before it starts is a 400. */
export function toFilters(query: AdminPaymentsFilterQuery): PaymentFilters {
  const { from, to } = query;
  // Both are YYYY-MM-DD, so comparing the strings compares the days.
  if (from !== undefined && to !== undefined && from > to) {
    const message = 'from must be on or before to';
    throw new AppError('VALIDATION_FAILED', `from, to: ${message}`, [
      { field: 'from', message },
      { field: 'to', message },
    ]);
  }
  return {
    ...(from !== undefined ? { from: eatDayStart(from) } : {}),
    ...(to !== undefined ? { before: new Date(eatDayStart(to).getTime() + DAY_MS) } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.provider !== undefined ? { network: query.provider } : {}),
    ...(query.purpose !== undefined ? { purpose: query.purpose } : {}),
  };
}

/** The payer as the finance records name them: "Deleted user" once they deleted their account. */
function payerName(record: AdminPaymentRecord): string {
  return displayName({ ...record, deletedAt: record.userDeletedAt });
}

function toRow(record: AdminPaymentRecord): TAdminPaymentRow {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    completedAt: record.completedAt?.toISOString() ?? null,
    user: {
      id: record.userId,
      name: payerName(record),
      phoneNumber: record.userPhone ?? '',
    },
    purpose: record.purpose,
    plan: { id: record.planId, durationInDays: record.planDays },
    propertyId: record.propertyId,
    provider: record.network,
    amount: record.amountTzs,
    status: record.status,
    reason: record.statusReason,
    payerPhone: record.payerPhone ?? '',
    providerReference: record.providerReference,
  };
}

export const CSV_HEADER = [
  'Date',
  'Payment ID',
  'User',
  'Phone',
  'Purpose',
  'Plan days',
  'Provider',
  'Amount (TZS)',
  'Status',
  'Reason',
  'Provider reference',
  'Completed at',
] as const;

/**
 * One payment as a CSV record. Times are EAT, as the finance team reads them; Phone is the number
 * that paid (what the provider's statement shows); Provider is the network's name.
 */
function csvLine(record: AdminPaymentRecord): string {
  return csvRecord([
    eatDateTime(record.createdAt),
    record.id,
    payerName(record),
    record.payerPhone,
    record.purpose,
    record.planDays,
    record.network === null ? '' : MOBILE_MONEY_NETWORK_NAMES[record.network],
    record.amountTzs,
    record.status,
    record.statusReason,
    record.providerReference,
    eatDateTime(record.completedAt),
  ]);
}

function emptyByStatus(): Record<TPaymentStatus, number> {
  return Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, 0])) as Record<
    TPaymentStatus,
    number
  >;
}

export function createAdminPaymentsService({
  repository,
  clock,
  exportLimit = 100_000,
  exportBatchSize = 1_000,
}: AdminPaymentsDeps): AdminPaymentsService {
  async function* exportChunks(filters: PaymentFilters): AsyncGenerator<string> {
    yield CSV_BOM + csvRecord(CSV_HEADER);
    let afterId: string | undefined;
    for (;;) {
      const batch = await repository.batchAfter(filters, afterId, exportBatchSize);
      if (batch.length === 0) return;
      yield batch.map(csvLine).join('');
      if (batch.length < exportBatchSize) return;
      afterId = batch[batch.length - 1]?.id;
    }
  }

  return {
    async list(query) {
      const filters = toFilters(query);
      const { page, pageSize } = query;
      const records = await repository.listPage(filters, pageSize, (page - 1) * pageSize);
      const byStatus = emptyByStatus();
      let count = 0;
      let succeededAmount = 0;
      for (const total of await repository.totalsByStatus(filters)) {
        byStatus[total.status] = total.count;
        count += total.count;
        if (total.status === 'succeeded') succeededAmount = total.amountTzs;
      }
      return {
        items: records.map(toRow),
        page,
        pageSize,
        total: count,
        totals: { count, succeededAmount, byStatus },
      };
    },

    async exportCsv(query) {
      const filters = toFilters(query);
      const matching = (await repository.totalsByStatus(filters)).reduce(
        (all, total) => all + total.count,
        0,
      );
      if (matching > exportLimit) {
        const message = `${matching.toLocaleString('en')} payments match; one export holds at most ${exportLimit.toLocaleString('en')}. Narrow the dates (from, to) and export in parts.`;
        throw new AppError('VALIDATION_FAILED', message, [
          { field: 'from', message },
          { field: 'to', message },
        ]);
      }
      const filename = `makazi-payments-${query.from ?? 'start'}-${query.to ?? eatDay(clock())}.csv`;
      return { filename, chunks: exportChunks(filters) };
    },
  };
}
