/**
 * `npm test`'s docs check:
 * - every reference to a decision record ("decision 013", "decisions/013", "decisions 016 and
 *   017") in the repository's documents and code names a file that exists in docs/decisions;
 * - every variable the server's configuration (apps/server/src/config/env.ts) or the build reads
 *   is in the README's configuration table, and every variable a bench script reads is in
 *   scripts/bench/README.md.
 * - every decision record has the line `Date: YYYY-MM-DD · Status: …` under its title, and
 *   docs/decisions/README.md is the index built from them (`--write` rebuilds it).
 * Run: `npx tsx scripts/check-docs.ts` (`--write` to rebuild the decisions' index).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', 'check-docs.test.ts']);
const EXTENSIONS = new Set(['.md', '.ts', '.tsx', '.js', '.sh', '.sql', '.html', '.css']);
/** "decision 013", "Decisions 016 and 017", "decisions/013-…", "decisiones 010 y 012". */
const REFERENCE = /\bdecisi(?:on|ons|ón|ones)[\s/]+(\d{3}(?:(?:\s*,\s*|\s+(?:and|y|or|o)\s+)\d{3})*)/gi;

export function decisionReferences(text: string): string[] {
  return [...text.matchAll(REFERENCE)].flatMap((m) => m[1]!.match(/\d{3}/g)!);
}

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

/** Variables named in a markdown table's first column (`| NAME | … |`). */
export function tableVariables(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*`?([A-Z][A-Z0-9_]+)`?(?:\s*,\s*`?([A-Z][A-Z0-9_]+)`?)*/gm)].flatMap((m) => m[0].match(/[A-Z][A-Z0-9_]+/g)!));
}

/** Variables read as `process.env.NAME` in a file, and the keys of env.ts's schema. */
function variablesRead(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const read = [...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);
  if (file.endsWith('config/env.ts')) read.push(...[...text.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
  return read;
}

/** Set by npm or the CI runner, not by whoever configures the app. */
const NOT_OURS = new Set(['CI', 'INIT_CWD', 'NODE_ENV_FOR_TESTS']);

function undocumentedVariables(): string[] {
  const problems: string[] = [];
  const check = (sources: string[], doc: string) => {
    const documented = tableVariables(fs.readFileSync(path.join(ROOT, doc), 'utf8'));
    for (const source of sources) {
      for (const name of new Set(variablesRead(path.join(ROOT, source)))) {
        if (!NOT_OURS.has(name) && !documented.has(name)) problems.push(`${source} reads ${name}, which ${doc}'s variable table does not list`);
      }
    }
  };
  const inDir = (dir: string) => [...files(path.join(ROOT, dir))].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => path.relative(ROOT, f));
  check(['apps/server/src/config/env.ts', ...inDir('scripts/web'), 'apps/web/playwright.config.ts'], 'README.md');
  check(inDir('scripts/bench'), 'scripts/bench/README.md');
  return problems;
}

const DECISIONS_DIR = path.join(ROOT, 'docs/decisions');
const INDEX = path.join(DECISIONS_DIR, 'README.md');
const HEADER = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/;

export interface DecisionHeader {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

/** A record's number, title, date and status, or a problem when its header is not there. */
export function decisionHeader(file: string, text: string): DecisionHeader | string {
  const lines = text.split('\n');
  const title = /^# (\d{3}) [·—-] (.+)$/.exec(lines[0] ?? '');
  if (!title) return `docs/decisions/${file}: the first line must be "# NNN · Title"`;
  const header = lines
    .slice(1, 4)
    .map((l) => HEADER.exec(l))
    .find(Boolean);
  if (!header) return `docs/decisions/${file}: the line "Date: YYYY-MM-DD · Status: accepted" must follow the title`;
  return { file, number: title[1]!, title: title[2]!, date: header[1]!, status: header[2]! };
}

/** docs/decisions/README.md: one row per record, newest last. */
export function decisionsIndex(headers: DecisionHeader[]): string {
  const rows = headers.map((h) => `| [${h.number}](${h.file}) | ${h.title.replaceAll('|', '\\|')} | ${h.date} | ${h.status.replaceAll('|', '\\|')} |`);
  return [
    '# Decision records',
    '',
    'Why the code is the way it is: one record per decision, with its context and consequences. A',
    'record that a later one replaces keeps its text as history and says so in its status line.',
    'This index is built from the records by `npx tsx scripts/check-docs.ts --write`; `npm test`',
    'checks that it is up to date.',
    '',
    '| # | Decision | Date | Status |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

function decisionRecordProblems(write: boolean): string[] {
  const headers: DecisionHeader[] = [];
  const problems: string[] = [];
  for (const file of fs
    .readdirSync(DECISIONS_DIR)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()) {
    const header = decisionHeader(file, fs.readFileSync(path.join(DECISIONS_DIR, file), 'utf8'));
    if (typeof header === 'string') problems.push(header);
    else headers.push(header);
  }
  const index = decisionsIndex(headers);
  if (write) fs.writeFileSync(INDEX, index);
  else if (!fs.existsSync(INDEX) || fs.readFileSync(INDEX, 'utf8') !== index)
    problems.push('docs/decisions/README.md is not the index of the records: run `npx tsx scripts/check-docs.ts --write`');
  return problems;
}

function main(): void {
  const decisions = new Set(
    fs
      .readdirSync(path.join(ROOT, 'docs/decisions'))
      .map((f) => /^(\d{3})-/.exec(f)?.[1])
      .filter(Boolean),
  );
  const broken: string[] = [];
  let count = 0;
  for (const file of files(ROOT)) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const n of decisionReferences(line)) {
        count++;
        if (!decisions.has(n)) broken.push(`${path.relative(ROOT, file)}:${i + 1}: decision ${n} does not exist in docs/decisions`);
      }
    });
  }
  broken.push(...undocumentedVariables(), ...decisionRecordProblems(process.argv.includes('--write')));
  if (broken.length > 0) {
    console.error(broken.join('\n'));
    process.exit(1);
  }
  console.log(`docs: ${count} references to ${decisions.size} decision records, all found; every variable read is documented`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
