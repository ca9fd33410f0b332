import { useState } from 'react';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { ADDRESS_NUMBER_FIELD } from '@makazi/contracts/listing-values';
import { isApiError } from '../../../lib/api-client';
import { saveAddress } from '../api/listings';
import {
  ADDRESS_LEVELS,
  addressBody,
  sameAddress,
  validateAddress,
  type AddressValues,
  type TAddressProblems,
} from '../utils/address';
import { describeFailure } from '../utils/failure';
import type { WizardFlow } from './use-wizard-flow';

export interface AddressStepInit {
  address: AddressValues;
  savedAddress: AddressValues | null;
}

/** The address fields in the order a problem among them is focused. */
const FIELDS = [...ADDRESS_LEVELS, 'number' as const];

/** Step 2, the address of the listing step 1 saved. */
export function useAddressStep(
  init: AddressStepInit,
  flow: WizardFlow,
  listing: { id: string | null; type: TPropertyType | null },
) {
  const [address, setAddress] = useState(init.address);
  const [savedAddress, setSavedAddress] = useState(init.savedAddress);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<TAddressProblems>({});

  const problems: TAddressProblems = checked ? { ...validateAddress(address), ...refused } : {};

  function submit() {
    const { id, type } = listing;
    if (!type || !id) return;
    setChecked(true);
    const found = validateAddress(address);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      flow.focusField(first);
      return;
    }
    if (savedAddress && sameAddress(address, savedAddress)) {
      flow.goTo(3);
      return;
    }
    return flow.run(async () => {
      try {
        // Step 3 opens only once this call has succeeded, so a refused address (a street outside
        // its ward …) is reported here, where it can be fixed.
        await saveAddress(id, addressBody(type, address));
        flow.noteWrite();
        setSavedAddress(address);
        flow.goTo(3);
      } catch (error) {
        if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
          const fromServer: TAddressProblems = {};
          let unmatched = error.details.length === 0;
          for (const { field } of error.details) {
            const name = field.replace(/^address\./, '');
            if ((ADDRESS_LEVELS as readonly string[]).includes(name)) {
              fromServer[name as (typeof ADDRESS_LEVELS)[number]] = { kind: 'server' };
            } else if (name === ADDRESS_NUMBER_FIELD[type]) {
              fromServer.number = { kind: 'server' };
            } else unmatched = true;
          }
          setRefused(fromServer);
          const field = FIELDS.find((name) => fromServer[name]);
          if (field) flow.focusField(field);
          if (!unmatched) return;
        }
        flow.fail(2, describeFailure(error, 'change'));
      }
    });
  }

  function change(next: AddressValues) {
    setAddress(next);
    setRefused({});
  }

  return { address, problems, change, submit };
}
