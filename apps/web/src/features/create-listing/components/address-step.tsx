import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import type { TNamedRef } from '@makazi/contracts/locations';
import { ADDRESS_NUMBER_FIELD } from '@makazi/contracts/listing-values';
import type { TPropertyType } from '@makazi/contracts/property-values';
import {
  districtsQueryOptions,
  regionsQueryOptions,
  streetsQueryOptions,
  wardsQueryOptions,
} from '../api/locations';
import {
  chooseLevel,
  type AddressValues,
  type TAddressLevel,
  type TAddressProblems,
} from '../utils/address';
import { WizardSelectField, WizardTextField } from './form-controls';

export interface AddressStepProps {
  type: TPropertyType;
  values: AddressValues;
  problems: TAddressProblems;
  disabled: boolean;
  onChange: (values: AddressValues) => void;
}

interface LevelSelectProps {
  level: TAddressLevel;
  /** The id chosen in the level above ('' = none); the region list has no parent. */
  parent: string | null;
  query: UseQueryResult<TNamedRef[]>;
  value: string;
  problem: TAddressProblems[TAddressLevel];
  disabled: boolean;
  onChoose: (level: TAddressLevel, id: string) => void;
}

function LevelSelect({
  level,
  parent,
  query,
  value,
  problem,
  disabled,
  onChoose,
}: LevelSelectProps) {
  const { t } = useTranslation('publish');
  const waiting = parent === '';
  const loading = !waiting && query.isPending;
  const options = query.data ?? [];

  let placeholder = t('address.choose');
  let hint: string | null = null;
  if (waiting && level !== 'regionId') placeholder = t(`address.after.${level}`);
  else if (loading) placeholder = t('address.loading');
  else if (query.isSuccess && options.length === 0) hint = t('address.empty');

  let error: string | null = null;
  // A level still waiting for the one above says so in its placeholder; only the first gap is an error.
  if (problem?.kind === 'required') error = waiting ? null : t(`address.required.${level}`);
  else if (problem) error = t('address.server');
  if (query.isError && !waiting) error = t('address.loadFailed');

  return (
    <div className="wizard-level">
      <WizardSelectField
        name={level}
        label={t(`address.${level}`)}
        value={value}
        // A level opens only once the level above is chosen and its list is here.
        disabled={disabled || waiting || !query.isSuccess}
        required
        error={error}
        hint={hint}
        onChange={(event) => onChoose(level, event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </WizardSelectField>
      {query.isError && !waiting ? (
        <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** Step 2: the region → district → ward → street cascade and the type's number field. */
export function AddressStep({ type, values, problems, disabled, onChange }: AddressStepProps) {
  const { t } = useTranslation('publish');
  const regions = useQuery(regionsQueryOptions());
  const districts = useQuery(districtsQueryOptions(values.regionId));
  const wards = useQuery(wardsQueryOptions(values.districtId));
  const streets = useQuery(streetsQueryOptions(values.wardId));
  const numberField = ADDRESS_NUMBER_FIELD[type];

  const choose = (level: TAddressLevel, id: string) => onChange(chooseLevel(values, level, id));
  const common = { disabled, onChoose: choose };

  return (
    <div className="wizard-fields">
      <LevelSelect
        level="regionId"
        parent={null}
        query={regions}
        value={values.regionId}
        problem={problems.regionId}
        {...common}
      />
      <LevelSelect
        level="districtId"
        parent={values.regionId}
        query={districts}
        value={values.districtId}
        problem={problems.districtId}
        {...common}
      />
      <LevelSelect
        level="wardId"
        parent={values.districtId}
        query={wards}
        value={values.wardId}
        problem={problems.wardId}
        {...common}
      />
      <LevelSelect
        level="streetId"
        parent={values.wardId}
        query={streets}
        value={values.streetId}
        problem={problems.streetId}
        {...common}
      />
      <WizardTextField
        name="number"
        label={t(`address.${numberField}`)}
        value={values.number}
        disabled={disabled}
        autoComplete="off"
        error={
          problems.number?.kind === 'tooLong'
            ? t('validation.tooLong', { max: problems.number.max })
            : problems.number
              ? t('validation.server')
              : null
        }
        onChange={(event) => onChange({ ...values, number: event.target.value })}
      />
    </div>
  );
}
