/*
 * Pieces of the texts sent about listings (moderation decisions, trust). SMS costs by the
 * 160-character part: a long title is cut, an admin's own words never are.
 */

const SMS_TITLE_MAX = 40;

export function shortTitle(title: string): string {
  return title.length <= SMS_TITLE_MAX ? title : `${title.slice(0, SMS_TITLE_MAX - 1)}…`;
}

/** An admin's words without a final full stop: the sentence around them adds its own. */
export function withoutFinalStop(words: string): string {
  return words.replace(/[.\s]+$/, '');
}
