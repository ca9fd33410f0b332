import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PRICE_TZS_MAX, SEARCH_MIN_LENGTH } from '@makazi/contracts/property-values';
import { OutlinedSelectField, OutlinedTextField } from '../../../components/field';
import { SearchIcon } from '../../../components/icons';
import { isPropertyType } from '../../../lib/guards';
import type { CatalogueFilters } from '../hooks/use-catalogue-search';
import { TYPE_FILTER_TYPES } from '../utils/home';
import './search-bar.css';

export interface SearchBarProps {
  value: CatalogueFilters;
  onSubmit: (filters: CatalogueFilters) => void;
  /** The type filter is on the home page only; list pages are one type already. */
  showTypeFilter?: boolean;
  /** For controls elsewhere on the page that are sent with the search (the sort select). */
  id?: string;
}

/*
 * A submit writes the URL and the caller remounts the form with it (key = query string), so the
 * control that had the focus goes away: the focus would drop to the page, and a keyboard or screen
 * reader user would lose their place. The old form hands the control's selector to the new one.
 */
let focusCarriedOver: string | null = null;

function focusSelector(element: Element | null): string | null {
  const name = element?.getAttribute('name');
  if (name) return `[name="${name}"]`;
  return element?.matches('button[type="submit"]') ? 'button[type="submit"]' : 'input';
}

function toPrice(raw: string): number | undefined {
  const digits = raw.replace(/[^\d]/g, '');
  return digits ? Number(digits) : undefined;
}

/**
 * The form keeps its own draft and writes the URL on submit, so typing costs no request on a slow
 * connection. Callers remount it (key = query string) when the URL changes, e.g. on Back.
 */
export function SearchBar({ value, onSubmit, showTypeFilter = false, id }: SearchBarProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const [search, setSearch] = useState(value.search ?? '');
  const [type, setType] = useState<string>(value.type ?? '');
  const [minPrice, setMinPrice] = useState(value.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(value.maxPrice?.toString() ?? '');

  const current = (overrides: { type?: string } = {}): CatalogueFilters => {
    const chosenType = overrides.type ?? type;
    const filters: CatalogueFilters = {};
    // A shorter text is not searched (the API ignores it too): it would match nearly everything.
    if (search.trim().length >= SEARCH_MIN_LENGTH) filters.search = search.trim();
    if (showTypeFilter && isPropertyType(chosenType)) filters.type = chosenType;
    const min = toPrice(minPrice);
    const max = toPrice(maxPrice);
    if (min !== undefined) filters.minPrice = min;
    if (max !== undefined) filters.maxPrice = max;
    return filters;
  };

  const [tooShort, setTooShort] = useState(false);
  const tooShortId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    const short = text.length > 0 && text.length < SEARCH_MIN_LENGTH;
    setTooShort(short);
    if (!short) onSubmit(current());
  };

  const hasValue = Object.values(value).some((field) => field !== undefined);

  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const node = form.current;
    if (node && focusCarriedOver) {
      (node.querySelector<HTMLElement>(focusCarriedOver) ?? node.querySelector('input'))?.focus();
    }
    focusCarriedOver = null;
    return () => {
      if (!node?.contains(document.activeElement)) return;
      // Only for the form mounted in the same commit; any later form leaves the focus alone.
      focusCarriedOver = focusSelector(document.activeElement);
      queueMicrotask(() => {
        focusCarriedOver = null;
      });
    };
  }, []);

  return (
    // A plain GET form: without JavaScript the browser sends it and the server renders the results.
    <form
      ref={form}
      id={id}
      method="get"
      role="search"
      aria-label={t('search.formLabel')}
      onSubmit={submit}
      className={`search-bar${showTypeFilter ? ' search-bar--with-type' : ''}`}
    >
      <div className="search-bar__wide">
        <OutlinedTextField
          label={t('search.text')}
          type="search"
          name="search"
          placeholder={t('search.placeholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setTooShort(false);
          }}
          maxLength={100}
          enterKeyHint="search"
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? tooShortId : undefined}
        />
        {tooShort ? (
          <p id={tooShortId} role="alert" className="search-bar__error">
            {t('search.tooShort', { count: SEARCH_MIN_LENGTH })}
          </p>
        ) : null}
      </div>
      {showTypeFilter ? (
        <OutlinedSelectField
          className="search-bar__wide"
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
          {TYPE_FILTER_TYPES.map((option) => (
            <option key={option} value={option}>
              {tCommon(`types.${option}`)}
            </option>
          ))}
        </OutlinedSelectField>
      ) : null}
      <PriceField
        label={t('search.minPrice')}
        name="minPrice"
        value={minPrice}
        onChange={setMinPrice}
      />
      <PriceField
        label={t('search.maxPrice')}
        name="maxPrice"
        value={maxPrice}
        onChange={setMaxPrice}
      />
      <div className="search-bar__actions">
        <button type="submit" className="btn btn--contained search-bar__submit">
          <SearchIcon />
          {t('search.submit')}
        </button>
        {hasValue ? (
          <button type="button" className="btn" onClick={() => onSubmit({})}>
            {t('search.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

// Digits only, and no more of them than the largest price the API accepts.
const PRICE_MAX_DIGITS = String(PRICE_TZS_MAX).length;

function PriceField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (digits: string) => void;
}) {
  return (
    <OutlinedTextField
      label={props.label}
      name={props.name}
      inputMode="numeric"
      autoComplete="off"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.replace(/[^\d]/g, ''))}
      maxLength={PRICE_MAX_DIGITS}
    />
  );
}
