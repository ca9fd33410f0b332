import { useTranslation } from 'react-i18next';
import { ZPropertySort, type TPropertySort } from '@makazi/contracts/properties';
import { OutlinedSelectField } from '../../../components/field';

export interface SortSelectProps {
  value: TPropertySort;
  onChange: (sort: TPropertySort) => void;
}

/** A native select: the phone's own picker, and no menu/popover code on the page. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const { t } = useTranslation('catalogue');
  return (
    <OutlinedSelectField
      label={t('sort.label')}
      name="sort"
      value={value}
      onChange={(event) => {
        const parsed = ZPropertySort.safeParse(event.target.value);
        if (parsed.success) onChange(parsed.data);
      }}
      style={{ minWidth: 200 }}
    >
      {ZPropertySort.options.map((option) => (
        <option key={option} value={option}>
          {t(`sort.${option}`)}
        </option>
      ))}
    </OutlinedSelectField>
  );
}
