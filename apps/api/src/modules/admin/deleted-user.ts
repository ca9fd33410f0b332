/*
 * How the admin's pages and exports name a person who deleted their account (decision 023): the
 * row stays (payments point at it) with its names emptied and its phone number removed.
 */

export const DELETED_USER_NAME = 'Deleted user';

/** "First Last", or "Deleted user" once the account is deleted. */
export function displayName(person: {
  firstName: string;
  lastName: string;
  deletedAt: Date | null;
}): string {
  return person.deletedAt ? DELETED_USER_NAME : `${person.firstName} ${person.lastName}`;
}
