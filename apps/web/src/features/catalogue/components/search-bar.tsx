import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import { PROPERTY_TYPES, ZPropertyType } from '@makazi/contracts/properties';
import { OutlinedSelectField, OutlinedTextField } from '../../../components/field';
import type { CatalogueFilters } from '../hooks/use-catalogue-search';

export interface SearchBarProps {
  value: CatalogueFilters;
  onSubmit: (filters: CatalogueFilters) => void;
  /** The type filter is on the home page only; list pages are one type already. */
  showTypeFilter?: boolean;
}

function toPrice(raw: string): number | undefined {
  const digits = raw.replace(/[^\d]/g, '');
  return digits ? Number(digits) : undefined;
}

/**
 * The form keeps its own draft and writes the URL on submit, so typing costs no request on a slow
 * connection. Callers remount it (key = query string) when the URL changes, e.g. on Back.
 */
export function SearchBar({ value, onSubmit, showTypeFilter = false }: SearchBarProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const [search, setSearch] = useState(value.search ?? '');
  const [type, setType] = useState<string>(value.type ?? '');
  const [minPrice, setMinPrice] = useState(value.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(value.maxPrice?.toString() ?? '');

  const current = (overrides: { type?: string } = {}): CatalogueFilters => {
    const parsedType = ZPropertyType.safeParse(overrides.type ?? type);
    const filters: CatalogueFilters = {};
    if (search.trim()) filters.search = search.trim();
    if (showTypeFilter && parsedType.success) filters.type = parsedType.data;
    const min = toPrice(minPrice);
    const max = toPrice(maxPrice);
    if (min !== undefined) filters.minPrice = min;
    if (max !== undefined) filters.maxPrice = max;
    return filters;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(current());
  };

  const hasValue = Object.values(value).some((field) => field !== undefined);

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.formLabel')}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: showTypeFilter ? '2fr 1fr 1fr 1fr auto' : '2fr 1fr 1fr auto',
        },
        alignItems: 'end',
        p: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <OutlinedTextField
        className="wide"
        label={t('search.text')}
        type="search"
        name="search"
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        maxLength={100}
        enterKeyHint="search"
      />
      {showTypeFilter ? (
        <OutlinedSelectField
          className="wide"
          label={t('search.type')}
          name="type"
          value={type}
          // A type choice is deliberate, so it applies at once like a tab.
          onChange={(event) => {
            setType(event.target.value);
            onSubmit(current({ type: event.target.value }));
          }}
        >
          <option value="">{t('search.allTypes')}</option>
          {PROPERTY_TYPES.map((option) => (
            <option key={option} value={option}>
              {tCommon(`types.${option}`)}
            </option>
          ))}
        </OutlinedSelectField>
      ) : null}
      <OutlinedTextField
        label={t('search.minPrice')}
        name="minPrice"
        inputMode="numeric"
        autoComplete="off"
        value={minPrice}
        onChange={(event) => setMinPrice(event.target.value.replace(/[^\d]/g, ''))}
        maxLength={13}
      />
      <OutlinedTextField
        label={t('search.maxPrice')}
        name="maxPrice"
        inputMode="numeric"
        autoComplete="off"
        value={maxPrice}
        onChange={(event) => setMaxPrice(event.target.value.replace(/[^\d]/g, ''))}
        maxLength={13}
      />
      <Box sx={{ display: 'flex', gap: 2, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Button
          type="submit"
          variant="contained"
          color="primary"
          startIcon={<SearchIcon aria-hidden />}
          sx={{ flex: 1, minHeight: 44 }}
        >
          {t('search.submit')}
        </Button>
        {hasValue ? (
          <Button type="button" onClick={() => onSubmit({})} sx={{ minHeight: 44 }}>
            {t('search.clear')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
