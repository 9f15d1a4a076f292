/**
 * Whether the phone may spend data on something the visitor did not ask for yet (decision 070):
 * only on a fast connection (`effectiveType` '4g') without Save-Data. Most Dominican lines are
 * prepaid, so on a slower line, with Save-Data on, or where the browser does not say (Safari,
 * Firefox), nothing is fetched ahead of a tap.
 */
export function mayPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return connection?.effectiveType === '4g' && connection.saveData !== true;
}

/** Whether the visitor asked to save data (Save-Data on: the browser's or the system's data saver). */
export function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}
