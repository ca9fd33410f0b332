import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { useWizardText } from '../hooks/use-wizard-text';
import {
  DETAIL_FIELDS,
  type DetailValues,
  type FieldSpec,
  type TDetailProblems,
  type TFlagField,
  type TInputField,
} from '../utils/detail-fields';
import { WizardCheckbox, WizardTextArea, WizardTextField } from './form-controls';

export interface DetailsStepProps {
  type: TPropertyType | null;
  /** Saved listings keep their type: the create path decided it. */
  typeFixed: boolean;
  typeMissing: boolean;
  values: DetailValues;
  problems: TDetailProblems;
  disabled: boolean;
  onType: (type: TPropertyType) => void;
  onText: (field: TInputField, value: string) => void;
  onFlag: (field: TFlagField, checked: boolean) => void;
}

type TInputMode = 'text' | 'tel' | 'numeric' | 'decimal';

/** The keypad a phone shows: digits for counts and prices, a decimal point for measures. */
const INPUT_MODE: Record<FieldSpec['kind'], TInputMode> = {
  title: 'text',
  longText: 'text',
  shortText: 'text',
  ownerName: 'text',
  phone: 'tel',
  price: 'numeric',
  rooms: 'numeric',
  months: 'numeric',
  metres: 'decimal',
  area: 'decimal',
};

const AUTOCOMPLETE: Partial<Record<TInputField, string>> = {
  ownerName: 'name',
  ownerPhoneNumber: 'tel',
};

/** Step 1: the type, then that type's fields. */
export function DetailsStep({
  type,
  typeFixed,
  typeMissing,
  values,
  problems,
  disabled,
  onType,
  onText,
  onFlag,
}: DetailsStepProps) {
  const { t } = useTranslation('publish');
  const text = useWizardText();
  const typeErrorId = useId();
  const typeHintId = useId();

  const hints: Partial<Record<TInputField, string>> = {
    title: t('fields.titleHint'),
    ownerPhoneNumber: t('fields.ownerPhoneNumberHint'),
    lotPrice: t('fields.priceHint'),
    leasePrice: t('fields.priceHint'),
    appartmentPrice: t('fields.priceHint'),
    housePrice: t('fields.priceHint'),
    lotStatus: t('fields.lotStatusHint'),
    distanceFromMainRoad: t('fields.distanceFromMainRoadHint'),
    appartmentPriceTerm: t('fields.appartmentPriceTermHint'),
  };

  function input(spec: FieldSpec) {
    const label = spec.optional
      ? t('fields.optional', { label: t(`fields.${spec.name}`) })
      : t(`fields.${spec.name}`);
    const common = {
      name: spec.name,
      label,
      value: values.text[spec.name] ?? '',
      error: text.fieldProblem(problems[spec.name]),
      hint: hints[spec.name],
      disabled,
      required: !spec.optional,
    };
    if (spec.kind === 'longText') {
      return (
        <WizardTextArea
          key={spec.name}
          {...common}
          onChange={(event) => onText(spec.name, event.target.value)}
        />
      );
    }
    return (
      <WizardTextField
        key={spec.name}
        {...common}
        type={spec.kind === 'phone' ? 'tel' : 'text'}
        inputMode={INPUT_MODE[spec.kind]}
        autoComplete={AUTOCOMPLETE[spec.name] ?? 'off'}
        onChange={(event) => onText(spec.name, event.target.value)}
      />
    );
  }

  const flags = type ? DETAIL_FIELDS[type].flags : [];

  return (
    <>
      <fieldset
        className="wizard-types"
        aria-describedby={
          [typeFixed ? typeHintId : '', typeMissing ? typeErrorId : ''].filter(Boolean).join(' ') ||
          undefined
        }
      >
        <legend className="wizard-types__legend">{t('type.legend')}</legend>
        <div className="wizard-types__options">
          {PROPERTY_TYPES.map((option) => (
            <label key={option} className="wizard-types__option">
              <input
                type="radio"
                name="type"
                value={option}
                checked={type === option}
                disabled={disabled || (typeFixed && type !== option)}
                aria-invalid={typeMissing ? true : undefined}
                onChange={() => onType(option)}
              />
              <span>{t(`types.${option}`, { ns: 'common' })}</span>
            </label>
          ))}
        </div>
        {typeFixed ? (
          <p id={typeHintId} className="wizard-field__hint">
            {t('type.fixed')}
          </p>
        ) : null}
        {typeMissing ? (
          <p id={typeErrorId} className="wizard-field__error">
            {t('type.required')}
          </p>
        ) : null}
      </fieldset>

      {type ? (
        <div className="wizard-fields">
          <p className="wizard__note text-secondary">{t('intro.required')}</p>
          {DETAIL_FIELDS[type].inputs.map(input)}
          {flags.length ? (
            <fieldset className="wizard-checks">
              <legend className="field__label">{t('fields.services')}</legend>
              {flags.map((flag) => (
                <WizardCheckbox
                  key={flag}
                  name={flag}
                  label={t(`fields.${flag}`)}
                  checked={values.flags[flag] ?? false}
                  disabled={disabled}
                  onChange={(checked) => onFlag(flag, checked)}
                />
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
