import TablePagination from '@mui/material/TablePagination';
import { useAdminText } from '../hooks/use-admin-text';
import { formatNumber } from '../utils/format';
import { PAGE_SIZES } from '../utils/search-params';

export interface AdminPaginationProps {
  total: number;
  /** 1-based, as in the URL and the API; MUI counts pages from 0. */
  page: number;
  pageSize: number;
  /** Receives the URL change: a 1-based page, or a page size (as typed in the select). */
  onChange: (changes: { page: number } | { pageSize: string }) => void;
}

/**
 * The pager under every admin table. The page and page size live in the URL, so each list pages
 * the same way and a reload or a shared link keeps the place.
 */
export function AdminPagination({ total, page, pageSize, onChange }: AdminPaginationProps) {
  const { t } = useAdminText();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      labelRowsPerPage={t('properties.rowsPerPage')}
      // MUI's own words are English: every word of the pager is the reader's language.
      labelDisplayedRows={({ from, to, count }) =>
        t('pagination.displayed', {
          from: formatNumber(from),
          to: formatNumber(to),
          count: formatNumber(count),
        })
      }
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
      onPageChange={(_event, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(event) => onChange({ pageSize: event.target.value })}
      sx={{
        // On a phone the row is wider than the page: it wraps, so the arrows are not a sideways
        // scroll away. The spacer would take a line of its own once wrapping is allowed.
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 1 },
        '& .MuiTablePagination-spacer': { flexBasis: 0 },
      }}
    />
  );
}
