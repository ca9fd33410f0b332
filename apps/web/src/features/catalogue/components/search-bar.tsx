import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PRICE_TZS_MAX, SEARCH_MIN_LENGTH } from '@makazi/contracts/property-values';
import { OutlinedSelectField, OutlinedTextField } from '../../../components/field';
import { SearchIcon } from '../../../components/icons';
import { formatWholeNumber } from '../../../lib/format';
import { isPropertyType } from '../../../lib/guards';
import { parsePriceInput, priceRangeInverted, type TPriceInput } from '../../../lib/price-input';
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

type TPriceName = 'minPrice' | 'maxPrice';
type TPriceProblem = 'unreadable' | 'tooHigh';
type TPriceProblems = Partial<Record<TPriceName, TPriceProblem>>;

function problemOf(price: TPriceInput): TPriceProblem | undefined {
  return price.kind === 'unreadable' || price.kind === 'tooHigh' ? price.kind : undefined;
}

/** What a price box shows: the price the search uses, grouped as prices are written. */
function priceText(price: number | undefined): string {
  return price === undefined ? '' : formatWholeNumber(price);
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
  const [prices, setPrices] = useState<Record<TPriceName, string>>({
    minPrice: priceText(value.minPrice),
    maxPrice: priceText(value.maxPrice),
  });
  const [priceProblems, setPriceProblems] = useState<TPriceProblems>({});
  // A shared or hand-edited URL can carry a range the form refuses: it is shown as it is, with
  // the reason, rather than with a bound quietly dropped.
  const [rangeInverted, setRangeInverted] = useState(() => priceRangeInverted(value));
  const [tooShort, setTooShort] = useState(false);
  const tooShortId = useId();
  const priceErrorIds: Record<TPriceName, string> = { minPrice: useId(), maxPrice: useId() };
  const rangeErrorId = useId();

  const form = useRef<HTMLFormElement>(null);

  /**
   * The filters the form stands for, or the first box to fix when something cannot be searched as
   * typed: the problems are shown for the person to fix, and nothing is searched with a bound
   * dropped or changed. Readable prices are shown as the search reads them.
   */
  const check = ({ type: chosenType = type, checkText = true } = {}):
    { filters: CatalogueFilters } | { fix: 'search' | TPriceName } => {
    const text = search.trim();
    const short = checkText && text.length > 0 && text.length < SEARCH_MIN_LENGTH;
    const min = parsePriceInput(prices.minPrice);
    const max = parsePriceInput(prices.maxPrice);
    const problems: TPriceProblems = { minPrice: problemOf(min), maxPrice: problemOf(max) };
    const inverted = min.kind === 'price' && max.kind === 'price' && min.value > max.value;
    if (checkText) setTooShort(short);
    setPriceProblems(problems);
    setRangeInverted(inverted);
    setPrices({
      minPrice: min.kind === 'price' ? priceText(min.value) : prices.minPrice,
      maxPrice: max.kind === 'price' ? priceText(max.value) : prices.maxPrice,
    });
    if (short) return { fix: 'search' };
    if (problems.minPrice || inverted) return { fix: 'minPrice' };
    if (problems.maxPrice) return { fix: 'maxPrice' };

    const filters: CatalogueFilters = {};
    // A shorter text is not searched (the API ignores it too): it would match nearly everything.
    if (text.length >= SEARCH_MIN_LENGTH) filters.search = text;
    if (showTypeFilter && isPropertyType(chosenType)) filters.type = chosenType;
    if (min.kind === 'price') filters.minPrice = min.value;
    if (max.kind === 'price') filters.maxPrice = max.value;
    return { filters };
  };

  // The box to fix, focused once it shows its problem: a keyboard or screen reader user is taken
  // to it and hears what is wrong. A new object per refused submit, so a second one focuses again.
  const [focusRequest, setFocusRequest] = useState<{ name: string } | null>(null);
  useEffect(() => {
    if (focusRequest)
      form.current?.querySelector<HTMLElement>(`[name="${focusRequest.name}"]`)?.focus();
  }, [focusRequest]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = check();
    if ('filters' in result) onSubmit(result.filters);
    else setFocusRequest({ name: result.fix });
  };

  const changePrice = (name: TPriceName, text: string) => {
    setPrices((current) => ({ ...current, [name]: text }));
    setPriceProblems((current) => ({ ...current, [name]: undefined }));
    setRangeInverted(false);
  };

  // Leaving a box shows the price the search will use ('800k' becomes 800,000), or why there is none.
  const settlePrice = (name: TPriceName) => {
    const price = parsePriceInput(prices[name]);
    if (price.kind === 'price' || price.kind === 'empty') {
      setPrices((current) => ({
        ...current,
        [name]: priceText(price.kind === 'price' ? price.value : undefined),
      }));
    }
    setPriceProblems((current) => ({ ...current, [name]: problemOf(price) }));
  };

  const priceProblemText = (problem: TPriceProblem): string =>
    problem === 'tooHigh'
      ? t('search.priceTooHigh', { max: formatWholeNumber(PRICE_TZS_MAX) })
      : t('search.priceUnreadable');

  const priceField = (name: TPriceName, label: string, after?: ReactNode) => {
    const problem = priceProblems[name];
    const describedBy = [problem ? priceErrorIds[name] : '', rangeInverted ? rangeErrorId : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <OutlinedTextField
          label={label}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          value={prices[name]}
          onChange={(event) => changePrice(name, event.target.value)}
          onBlur={() => settlePrice(name)}
          aria-invalid={problem || rangeInverted ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {problem ? (
          <p id={priceErrorIds[name]} role="alert" className="search-bar__error">
            {priceProblemText(problem)}
          </p>
        ) : null}
        {after}
      </div>
    );
  };

  const hasValue = Object.values(value).some((field) => field !== undefined);

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
          // A too-short text is left out of it, as the API would ignore it; a price that cannot be
          // searched as typed stops it and is shown, never dropped.
          onChange={(event) => {
            setType(event.target.value);
            const result = check({ type: event.target.value, checkText: false });
            if ('filters' in result) onSubmit(result.filters);
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
      {priceField('minPrice', t('search.minPrice'))}
      {priceField(
        'maxPrice',
        t('search.maxPrice'),
        rangeInverted ? (
          <p id={rangeErrorId} role="alert" className="search-bar__error">
            {t('search.priceRange')}
          </p>
        ) : null,
      )}
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
