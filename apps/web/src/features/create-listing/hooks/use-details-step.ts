import { useState } from 'react';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { isApiError } from '../../../lib/api-client';
import { createListing, updateListing } from '../api/listings';
import {
  changedDetails,
  createBody,
  firstProblemField,
  serverProblems,
  validateDetails,
  type DetailValues,
  type TDetailProblems,
  type TFlagField,
  type TInputField,
} from '../utils/detail-fields';
import { describeFailure } from '../utils/failure';
import type { WizardFlow } from './use-wizard-flow';

export interface DetailsStepInit {
  id: string | null;
  type: TPropertyType | null;
  details: DetailValues;
  /** What the API holds: a saved listing's step 1 sends only what differs (PATCH). */
  savedDetails: DetailValues | null;
}

/**
 * Step 1, the type and the details. Its first save creates the listing, so the listing's id is
 * kept here; the later steps save to it.
 */
export function useDetailsStep(
  init: DetailsStepInit,
  flow: WizardFlow,
  /** The signed-in account's phone, once known: a new listing's likely owner's phone. */
  accountPhone?: string,
) {
  const [id, setId] = useState(init.id);
  const [type, setType] = useState(init.type);
  const [details, setDetails] = useState(init.details);
  // A saved listing has its owner's phone already: only a new one is pre-filled.
  const [phoneSettled, setPhoneSettled] = useState(init.id !== null);
  const [savedDetails, setSavedDetails] = useState(init.savedDetails);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<TDetailProblems>({});

  // Most people post their own property: the account's number fills the phone field when it
  // arrives, once, unless a number was typed there first; emptied afterwards, it stays empty. Set
  // while rendering, as React advises for state that follows a value, rather than in an effect.
  if (!phoneSettled && accountPhone !== undefined) {
    setPhoneSettled(true);
    if (!details.text.ownerPhoneNumber?.trim()) {
      setDetails((current) => ({
        ...current,
        text: { ...current.text, ownerPhoneNumber: accountPhone },
      }));
    }
  }

  const problems: TDetailProblems =
    checked && type ? { ...validateDetails(type, details), ...refused } : {};

  function submit() {
    setChecked(true);
    if (!type) {
      flow.focusField('type');
      return;
    }
    const first = firstProblemField(type, { ...validateDetails(type, details), ...refused });
    if (first) {
      flow.focusField(first);
      return;
    }
    return flow.run(async () => {
      try {
        if (!id) {
          const answer = await createListing(type, createBody(type, details));
          setId(answer.id);
          flow.noteWrite();
        } else {
          const patch = changedDetails(type, details, savedDetails ?? { text: {}, flags: {} });
          if (Object.keys(patch).length > 0) {
            await updateListing(id, patch);
            flow.noteWrite();
          }
        }
        setSavedDetails(details);
        flow.goTo(2);
      } catch (error) {
        if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
          const { problems: fromServer, unmatched } = serverProblems(type, error.details);
          setRefused(fromServer);
          const field = firstProblemField(type, fromServer);
          if (field) flow.focusField(field);
          if (!unmatched) return;
        }
        flow.fail(1, describeFailure(error, id ? 'change' : 'create'));
      }
    });
  }

  function changeText(field: TInputField, value: string) {
    setDetails((current) => ({ ...current, text: { ...current.text, [field]: value } }));
    setRefused(({ [field]: _dropped, ...rest }) => rest);
  }

  function changeFlag(field: TFlagField, checked: boolean) {
    setDetails((current) => ({ ...current, flags: { ...current.flags, [field]: checked } }));
  }

  return {
    id,
    type,
    details,
    problems,
    typeMissing: checked && !type,
    setType,
    changeText,
    changeFlag,
    submit,
  };
}
