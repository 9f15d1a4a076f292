const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `text` is written as a UUID (any case): a record's id, before it reaches a uuid column or a cache key. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
