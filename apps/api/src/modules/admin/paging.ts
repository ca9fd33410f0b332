/** Where a page starts: the admin lists page by number (1-based), as their tables show them. */
export function offsetOf({ page, pageSize }: { page: number; pageSize: number }): number {
  return (page - 1) * pageSize;
}
