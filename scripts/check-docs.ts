/**
 * `npm test`'s docs check:
 * - every reference to a decision record ("decision 013", "decisions/013", "decisions 016 and
 *   017") in the repository's documents and code names a file that exists in docs/decisions;
 * - every variable the server's configuration (apps/server/src/config/env.ts) or the build reads
 *   is in the README's configuration table, and every variable a bench script reads is in
 *   scripts/bench/README.md.
 * Run: `npx tsx scripts/check-docs.ts`.
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
  broken.push(...undocumentedVariables());
  if (broken.length > 0) {
    console.error(broken.join('\n'));
    process.exit(1);
  }
  console.log(`docs: ${count} references to ${decisions.size} decision records, all found; every variable read is documented`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
