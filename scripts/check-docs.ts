/**
 * `npm test`'s docs check: every reference to a decision record ("decision 013", "decisions/013",
 * "decisions 016 and 017") in the repository's documents and code names a file that exists in
 * docs/decisions. Run: `npx tsx scripts/check-docs.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);
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

function main(): void {
  const decisions = new Set(fs.readdirSync(path.join(ROOT, 'docs/decisions')).map((f) => /^(\d{3})-/.exec(f)?.[1]).filter(Boolean));
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
  if (broken.length > 0) {
    console.error(broken.join('\n'));
    process.exit(1);
  }
  console.log(`docs: ${count} references to ${decisions.size} decision records, all found`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
