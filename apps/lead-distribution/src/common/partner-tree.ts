// The partner tree in SQL, which the repositories of leads and distribution join on.

/**
 * A `WITH RECURSIVE descendants(id, depth)` clause: every partner below the partner given as the
 * parameter `$<n>` (depth-limited against a corrupt tree).
 */
export function descendantsCte(parameter: string): string {
  return `WITH RECURSIVE descendants(id, depth) AS (
      SELECT id, 1 FROM partners WHERE parent_id = ${parameter}
      UNION ALL SELECT p.id, d.depth + 1 FROM partners p JOIN descendants d ON p.parent_id = d.id WHERE d.depth < 64)`;
}
