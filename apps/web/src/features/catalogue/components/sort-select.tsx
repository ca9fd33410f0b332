import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_SORTS, type TPropertySort } from '@makazi/contracts/property-values';
import { OutlinedSelectField } from '../../../components/field';
import { isPropertySort } from '../../../lib/guards';

export interface SortSelectProps {
  value: TPropertySort;
  onChange: (sort: TPropertySort) => void;
  /** The id of the form the choice is sent with when the page works without JavaScript. */
  form?: string;
}

/** A native select: the phone's own picker, and no menu/popover code on the page. */
export function SortSelect({ value, onChange, form }: SortSelectProps) {
  const { t } = useTranslation('catalogue');
  return (
    <OutlinedSelectField
      label={t('sort.label')}
      name="sort"
      form={form}
      value={value}
      onChange={(event) => {
        const sort = event.target.value;
        if (isPropertySort(sort)) onChange(sort);
      }}
      style={{ minWidth: 200 }}
    >
      {PROPERTY_SORTS.map((option) => (
        <option key={option} value={option}>
          {t(`sort.${option}`)}
        </option>
      ))}
    </OutlinedSelectField>
  );
}
