/**
 * Sums a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CHAT_PROFILE_DIR of `npm run bench:chat`)
 * by self time: the functions, and the files or packages, that spend the CPU.
 *
 *   npx tsx scripts/bench/cpu-profile.ts <file.cpuprofile> [top=25] [per-message count]
 *
 * With a message count, each line also shows its microseconds per message.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, messagesArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile.ts <file.cpuprofile> [top] [messages]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const messages = messagesArg ? Number(messagesArg) : undefined;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

// Self time per node: each sample's delta is charged to the node that was on top.
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));

const shortUrl = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '') || '(native)';
};

const fnTotals = new Map<string, number>();
const fileTotals = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const f = n.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  fnTotals.set(name, (fnTotals.get(name) ?? 0) + us);
  const where = f.url ? shortUrl(f.url) : f.functionName;
  fileTotals.set(where, (fileTotals.get(where) ?? 0) + us);
  total += us;
}

const line = (us: number) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%${messages ? ` ${(us / messages).toFixed(1).padStart(7)} µs/msg` : ''}`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
console.log('\nBy file or package (self time):');
for (const [k, v] of [...fileTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${line(v)}  ${k}`);
console.log('\nBy function (self time):');
for (const [k, v] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${line(v)}  ${k}`);
