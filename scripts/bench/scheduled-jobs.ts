/**
 * The server's scheduled jobs start on their cron's minute marks (project-jobs.ts). Every five
 * minutes the digest runs (its first run mails every generated contractor), every fifteen the
 * trust sweep reads every contractor's offers and answers (decision 043): at 100,000 contractors,
 * seconds of the server's and PostgreSQL's CPU. A target measured across such a mark measured
 * the job as well (issue 34's place target once fell from about 10,000 to 3,913 req/s): the
 * bench measures the directory, and leaves the jobs to their own benches.
 */
const MARK_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * When a measurement of `windowMs` would overlap the next five-minute mark, or the last mark is
 * under 10 s ago, waits until 10 s past that mark and then until the processes `cpu` measures
 * (the server's, PostgreSQL's; cumulative milliseconds) are quiet: under 5% of a core for three
 * seconds in a row, at most 150 s. Returns the milliseconds waited (0: no mark near).
 */
export async function clearOfScheduledJobs(windowMs: number, cpu: readonly (() => number)[]): Promise<number> {
  const start = Date.now();
  const last = Math.floor(start / MARK_MS) * MARK_MS;
  const mark = start - last < 10_000 ? last : last + MARK_MS - start <= windowMs + 5_000 ? last + MARK_MS : undefined;
  if (mark === undefined) return 0;
  await sleep(mark + 10_000 - Date.now());
  await untilQuiet(cpu, start + 150_000 - Date.now());
  return Date.now() - start;
}

/** Waits until the processes `cpu` measures (cumulative ms) are under 5% of a core for three seconds in a row, at most `maxMs`. */
export async function untilQuiet(cpu: readonly (() => number)[], maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  const total = () => cpu.reduce((sum, f) => sum + f(), 0);
  let before = total();
  for (let quiet = 0; quiet < 3 && Date.now() < until;) {
    await sleep(1_000);
    const now = total();
    quiet = now - before < 50 ? quiet + 1 : 0;
    before = now;
  }
}
