import { missingPictureLabels } from '@makazi/contracts/listing-values';
import type {
  TPictureLabel,
  TPropertyStatus,
  TPropertyType,
} from '@makazi/contracts/property-values';

/*
 * The rules every write to a listing obeys, shared by the listings module (details, address,
 * photo order, delete) and the media module (photo uploads), so both decide alike. Who may write
 * (the owner, their switches) is the access module's.
 */

/** What the rules need to know about a listing. */
export interface ListingFacts {
  publishedBy: string;
  type: TPropertyType;
  status: TPropertyStatus;
}

/**
 * The status after an owner changed a listing's content: complete (an address and every required
 * photo) → pending, awaiting review again even when it was approved or rejected (what the public
 * sees is always what an admin approved); incomplete → draft.
 */
export function statusAfterEdit(
  type: TPropertyType,
  hasAddress: boolean,
  photoLabels: readonly string[],
): { status: 'draft' | 'pending'; missing: TPictureLabel[] } {
  const missing = missingPictureLabels(type, photoLabels);
  return { status: hasAddress && missing.length === 0 ? 'pending' : 'draft', missing };
}
