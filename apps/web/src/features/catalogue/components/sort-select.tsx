import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ZPropertySort, type TPropertySort } from '@makazi/contracts/properties';

export interface SortSelectProps {
  value: TPropertySort;
  onChange: (sort: TPropertySort) => void;
}

/** A native select: the phone's own picker, and no menu/popover code on the page. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  return (
    <FormControl sx={{ minWidth: 200 }}>
      <InputLabel htmlFor={id} shrink>
        {t('sort.label')}
      </InputLabel>
      <NativeSelect
        id={id}
        name="sort"
        value={value}
        onChange={(event) => {
          const parsed = ZPropertySort.safeParse(event.target.value);
          if (parsed.success) onChange(parsed.data);
        }}
        input={<OutlinedInput label={t('sort.label')} notched />}
      >
        {ZPropertySort.options.map((option) => (
          <option key={option} value={option}>
            {t(`sort.${option}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
