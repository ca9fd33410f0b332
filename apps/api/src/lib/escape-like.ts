/** ILIKE treats %, _ and \ specially; a search for "50%" means the characters, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
