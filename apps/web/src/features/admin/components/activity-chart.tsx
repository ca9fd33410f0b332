import { useId } from 'react';
import Box from '@mui/material/Box';
import type { TAdminDashboard } from '@makazi/contracts/admin';
import { colors } from '../../../lib/design-tokens';
import { useAdminText } from '../hooks/use-admin-text';
import { formatNumber, visuallyHidden } from '../utils/format';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

/**
 * New listings (gold bars) and revenue (black line) over the dashboard's 30 days: a plain SVG with
 * a title and description, and the same numbers in a table for screen readers.
 */
export function ActivityChart({ daily }: { daily: TAdminDashboard['daily'] }) {
  const { t } = useAdminText();
  const titleId = useId();
  const descId = useId();
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = daily.length > 0 ? plotWidth / daily.length : plotWidth;
  const maxListings = Math.max(1, ...daily.map((day) => day.newListings));
  const maxRevenue = Math.max(1, ...daily.map((day) => day.revenue));
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const yListings = (value: number) => PAD.top + plotHeight - (value / maxListings) * plotHeight;
  const yRevenue = (value: number) => PAD.top + plotHeight - (value / maxRevenue) * plotHeight;
  const line = daily.map((day, index) => `${x(index)},${yRevenue(day.revenue)}`).join(' ');
  const first = daily[0]?.day ?? '';
  const last = daily[daily.length - 1]?.day ?? '';

  return (
    <Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        style={{ width: '100%', height: 'auto', display: 'block' }}
        data-testid="activity-chart"
      >
        <title id={titleId}>{t('dashboard.chartTitle')}</title>
        <desc id={descId}>{t('dashboard.chartDesc', { from: first, to: last })}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotHeight}
          y2={PAD.top + plotHeight}
          stroke={colors.divider}
        />
        {daily.map((day, index) => {
          const top = yListings(day.newListings);
          return (
            <rect
              key={day.day}
              x={x(index) - slot * 0.35}
              y={top}
              width={slot * 0.7}
              height={PAD.top + plotHeight - top}
              fill={colors.primary}
            >
              <title>{`${day.day}: ${day.newListings}`}</title>
            </rect>
          );
        })}
        {daily.length > 1 && (
          <polyline points={line} fill="none" stroke={colors.ink} strokeWidth={2} />
        )}
        <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill={colors.textSecondary}>
          {first}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 6}
          fontSize={11}
          textAnchor="end"
          fill={colors.textSecondary}
        >
          {last}
        </text>
      </svg>
      {/*
       * Hidden by a wrapper, not on the table itself: a table grows to fit its rows whatever its
       * height and ignores overflow, so it left ~800px of empty scroll under the chart.
       */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{t('dashboard.chartTableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col">{t('dashboard.newListings')}</th>
              <th scope="col">{t('dashboard.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.newListings}</td>
                <td>{formatNumber(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
