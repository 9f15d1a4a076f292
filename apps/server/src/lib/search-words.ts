/**
 * Words of a free-text query: letters and digits only (so nothing reaches tsquery syntax), at
 * most 8 of at most 40 characters. The directory and the project list search with them.
 */
export function searchWords(q: string): string[] {
  return (
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, 8)
    .map((w) => w.slice(0, 40));
}
