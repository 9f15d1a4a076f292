import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { CURRENCY_CODE } from '@arreglaya/shared/schemas/bank-statements';
import { findReferenceIn } from '@arreglaya/shared/transfer-reference';
import {
  DEFAULT_MAX_BYTES,
  StatementCollector,
  decimalToMinor,
  derivedTxId,
  joinTexts,
  stripBom,
  tooLarge,
  type StatementInfo,
  type StatementLine,
  type StatementParseResult,
} from './statement-line.ts';
import { LineCounter, decodeEntities, decodeXml } from './xml-input.ts';

// ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 to 001.08: the statement file a
// bank's online banking exports and the console imports (issue 47).
//
// Read: Document/BkToCstmrStmt/Stmt (one or more: accounts or days), and in each its Ntry
// (entries). Only booked entries (Sts BOOK, or no status) become lines; pending (PDNG),
// information (INFO) and future (FUTR) ones are reported as skipped: they come back booked.
// An entry with several TxDtls (a batch) gives one line per transaction when each has its own
// amount (TxDtls/Amt, or AmtDtls/TxAmt/Amt in 001.02), else one line for the entry.
//
// Per line:
// - bookedOn: BookgDt/Dt, or BookgDt/DtTm's date as written (the bank's local day), else ValDt;
// - amount: Amt's text as an exact decimal to minor units, currency Amt/@Ccy;
// - direction: CdtDbtInd (CRDT/DBIT); reversal: RvslInd (a reversed credit is a DBIT with RvslInd true);
// - description: RmtInf/Strd/CdtrRefInf/Ref, RmtInf/Ustrd (its parts joined: banks cut it in
//   35- or 140-character pieces), AddtlTxInf, AddtlNtryInf; the transfer reference is looked for
//   in each in that order, then in Refs/EndToEndId;
// - payer: the counterparty: RltdPties/Dbtr (Nm, or Pty/Nm since 001.07) and DbtrAcct (IBAN or
//   Othr/Id) for a credit, Cdtr and CdtrAcct for a debit (for a reversal, of the movement reversed).
//
// bankTxId, the key that makes the same line imported twice count once (decided here, keep it
// stable: changing it makes every earlier import's lines look new):
// - an entry with one transaction (or none detailed): Ntry/AcctSvcrRef (the bank's own unique
//   reference for the entry), else TxDtls/Refs/AcctSvcrRef, else Refs/UETR (unique worldwide);
// - a transaction of a batch: its Refs/AcctSvcrRef when the bank gives each transaction its own,
//   else `<entry's id>/<TxId, EndToEndId or InstrId, or its position in the batch when those are
//   missing or repeat>`, else its UETR;
// - otherwise derived (`h:` + SHA-256 over account, date, direction, reversal, amount, currency,
//   the transaction's references and texts, and its occurrence among identical lines: see
//   `derivedTxId`);
// - a reversal's id ends in `/RVSL`, so a bank that gives a reversal its original's reference
//   does not make it a duplicate of that original.
// Never used on their own: Ntry/NtryRef, unique only within its statement (banks number the
// entries 1, 2, 3… in each file, so the next day's entry 1 would pass for a duplicate), and the
// payer's references (EndToEndId, InstrId, TxId), which payers reuse.
//
// Safety: the file is capped in size, a DOCTYPE or ENTITY declaration refuses it (no DTD is ever
// read, so no external entity and no entity expansion), and it must be well-formed XML (a cut or
// damaged file is refused whole rather than imported in part).

export interface Camt053Options {
  maxBytes?: number;
}

const SUPPORTED_VERSIONS = new Set(['02', '03', '04', '05', '06', '07', '08']);
const ISO_NAMESPACE = /xmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:([a-z]{4})\.(\d{3})\.(\d{3})\.(\d{2})["']/;
/** Elements that may repeat, read as arrays even when one is present. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Bal']);
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities are decoded by us, only the predefined ones and character references (xml-input.ts).
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
  // Callbacks get the parser's matcher instead of a path string built for every element (a fifth of the parse).
  jPath: false,
  captureMetaData: true,
});

type XmlNode = Record<string | symbol, unknown>;

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The child at a path (an array on the way: its first element). */
function child(node: unknown, ...path: string[]): unknown {
  let at = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    if (!isNode(at)) return undefined;
    at = at[name];
  }
  return at;
}

function children(node: unknown, name: string): unknown[] {
  const value = isNode(node) ? node[name] : undefined;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** An element's text, entities decoded, trimmed; repeated elements joined with a space; null when empty. */
function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return decodeEntities(node).trim() || null;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map(text).filter(Boolean).join(' ') || null;
  if (isNode(node)) {
    const plain = typeof node['#text'] === 'string' ? decodeEntities(node['#text']) : '';
    const cdata = typeof node['#cdata'] === 'string' ? node['#cdata'] : '';
    return (plain + cdata).trim() || null;
  }
  return null;
}

function startOf(node: unknown): number | undefined {
  const meta = isNode(node) ? (node[META] as { startIndex?: number } | undefined) : undefined;
  return meta?.startIndex;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The YYYY-MM-DD at the start of an ISO date or date-time, if it is a real day. */
export function isoDay(value: string): string | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? m[0] : null;
}

/** Date or DateTime choice (BookgDt, ValDt). */
function choiceDate(node: unknown): string | null {
  return text(child(node, 'Dt')) ?? text(child(node, 'DtTm'));
}

function accountId(acct: unknown): string | null {
  return text(child(acct, 'Id', 'IBAN')) ?? text(child(acct, 'Id', 'Othr', 'Id'));
}

function partyName(party: unknown): string | null {
  return text(child(party, 'Nm')) ?? text(child(party, 'Pty', 'Nm'));
}

type Direction = 'credit' | 'debit';

function direction(value: string | null): Direction | null {
  return value === 'CRDT' ? 'credit' : value === 'DBIT' ? 'debit' : null;
}

interface Texts {
  description: string;
  reference: string | null;
}

/** A transaction's (and its entry's) texts: the description, and the reference found in them. */
function textsOf(tx: unknown, entryInfo: string | null): Texts & { parts: string[] } {
  const structured = children(child(tx, 'RmtInf'), 'Strd')
    .map((s) => text(child(s, 'CdtrRefInf', 'Ref')))
    .filter((s): s is string => s !== null);
  const unstructured = text(children(child(tx, 'RmtInf'), 'Ustrd'));
  const parts = [...structured, unstructured, text(child(tx, 'AddtlTxInf')), entryInfo].filter((s): s is string => s !== null);
  const endToEnd = text(child(tx, 'Refs', 'EndToEndId'));
  let reference: string | null = null;
  for (const part of [...parts, endToEnd]) {
    reference = findReferenceIn(part);
    if (reference) break;
  }
  return { description: joinTexts(parts), reference, parts };
}

/** The counterparty of a transaction: the debtor of a credit, the creditor of a debit (of the original movement, for a reversal). */
function counterparty(tx: unknown, original: Direction): { payerName: string | null; payerAccount: string | null } {
  const parties = child(tx, 'RltdPties');
  const [party, account, ultimate] = original === 'credit' ? ['Dbtr', 'DbtrAcct', 'UltmtDbtr'] : ['Cdtr', 'CdtrAcct', 'UltmtCdtr'];
  return { payerName: partyName(child(parties, party)) ?? partyName(child(parties, ultimate)), payerAccount: accountId(child(parties, account)) };
}

function usable(ref: string | null): string | null {
  return ref && ref.toUpperCase() !== 'NOTPROVIDED' && ref.toUpperCase() !== 'NONREF' ? ref : null;
}

interface Amount {
  value: string;
  currency: string;
}

function amountOf(node: unknown): Amount | null {
  const value = text(node);
  if (value === null) return null;
  const currency = isNode(node) && typeof node['@Ccy'] === 'string' ? node['@Ccy'].trim() : '';
  return { value, currency };
}

/** Checks an amount; the error message, or minor units. */
function minorOf(amount: Amount | null): { minor: number; currency: string } | string {
  if (amount === null) return ts.line.amountMissing;
  if (!CURRENCY_CODE.test(amount.currency)) return amount.currency ? ts.line.currencyInvalid(amount.currency) : ts.line.currencyMissing;
  const value = amount.value.replace(/^\+/, '');
  if (value.startsWith('-')) return ts.line.amountNegative(amount.value);
  const minor = decimalToMinor(value, amount.currency, amount.value);
  return minor.ok ? { minor: minor.minor, currency: amount.currency } : minor.message;
}

export function parseCamt053(input: string | Uint8Array, options: Camt053Options = {}): StatementParseResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (input.length > maxBytes) return tooLarge(maxBytes);
  let xml: string;
  if (typeof input === 'string') xml = stripBom(input);
  else {
    const decoded = decodeXml(input);
    if (!decoded.ok) return decoded;
    xml = decoded.text;
  }
  if (xml.trim() === '') return { ok: false, error: ts.file.empty };
  if (!xml.trimStart().startsWith('<')) return { ok: false, error: ts.file.notStatement };
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, error: ts.file.doctypeNotAllowed };

  const namespace = ISO_NAMESPACE.exec(xml.slice(0, 65_536));
  if (namespace && !(namespace[1] === 'camt' && namespace[2] === '053')) {
    return { ok: false, error: ts.file.otherIsoMessage(`${namespace[1]}.${namespace[2]}`) };
  }
  const isStatement = /<([\w.-]+:)?BkToCstmrStmt[\s>]/.test(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, error: isStatement ? ts.file.malformedXml(valid.err.line, valid.err.col) : ts.file.notStatement };
  if (!isStatement) return { ok: false, error: ts.file.notStatement };
  if (namespace && !SUPPORTED_VERSIONS.has(namespace[4]!)) return { ok: false, error: ts.file.unsupportedVersion(`${namespace[3]}.${namespace[4]}`) };

  let parsed: XmlNode;
  try {
    parsed = parser.parse(xml) as XmlNode;
  } catch {
    return { ok: false, error: ts.file.notStatement };
  }
  const document = parsed['Document'];
  const root = child(document, 'BkToCstmrStmt');
  if (!isNode(root)) return { ok: false, error: ts.file.notStatement };

  const collector = new StatementCollector('camt053');
  const lines = new LineCounter(xml);
  let lastLine = 1;
  const lineOf = (node: unknown) => {
    const start = startOf(node);
    if (start !== undefined) lastLine = lines.lineAt(start);
    return lastLine;
  };

  for (const stmt of children(root, 'Stmt')) {
    const info: StatementInfo = {
      account: accountId(child(stmt, 'Acct')),
      currency: text(child(stmt, 'Acct', 'Ccy')),
      from: isoDay(text(child(stmt, 'FrToDt', 'FrDtTm')) ?? ''),
      to: isoDay(text(child(stmt, 'FrToDt', 'ToDtTm')) ?? ''),
      firstLine: collector.lines.length,
      lineCount: 0,
    };
    for (const entry of children(stmt, 'Ntry')) readEntry(entry, info, lineOf(entry), collector, lineOf);
    info.lineCount = collector.lines.length - info.firstLine;
    collector.statements.push(info);
  }
  return collector.result();
}

function readEntry(entry: unknown, info: StatementInfo, line: number, collector: StatementCollector, lineOf: (node: unknown) => number): void {
  const status = text(child(entry, 'Sts', 'Cd')) ?? text(child(entry, 'Sts', 'Prtry')) ?? text(child(entry, 'Sts'));
  if (status !== null && status.toUpperCase() !== 'BOOK') return collector.skip(line, ts.line.notBooked(status));

  const indicator = text(child(entry, 'CdtDbtInd'));
  const entryDirection = direction(indicator);
  if (entryDirection === null) return collector.error(line, indicator ? ts.line.directionInvalid(indicator) : ts.line.directionMissing);
  const rawDate = choiceDate(child(entry, 'BookgDt')) ?? choiceDate(child(entry, 'ValDt'));
  if (rawDate === null) return collector.error(line, ts.line.dateMissing);
  const bookedOn = isoDay(rawDate);
  if (bookedOn === null) return collector.error(line, ts.line.dateInvalid(rawDate, 'AAAA-MM-DD'));
  const reversalText = text(child(entry, 'RvslInd'));
  const reversal = reversalText === 'true' || reversalText === '1';
  const entryId = usable(text(child(entry, 'AcctSvcrRef')));
  const entryInfo = text(child(entry, 'AddtlNtryInf'));
  const txs = children(entry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  const txAmount = (tx: unknown) => amountOf(child(tx, 'Amt')) ?? amountOf(child(tx, 'AmtDtls', 'TxAmt', 'Amt'));

  const emit = (at: number, tx: unknown, amount: Amount | null, dir: Direction, texts: Texts, explicitId: string | null, txRefs: string[]) => {
    const checked = minorOf(amount);
    if (typeof checked === 'string') return collector.error(at, checked);
    const original: Direction = reversal ? (dir === 'credit' ? 'debit' : 'credit') : dir;
    const party = counterparty(tx, original);
    let bankTxId = explicitId;
    if (bankTxId === null) {
      const facts = [info.account ?? '', bookedOn, dir, String(reversal), String(checked.minor), checked.currency, ...txRefs, texts.description, party.payerAccount ?? ''];
      bankTxId = derivedTxId(facts, collector.occurrence(facts));
    }
    if (reversal) bankTxId += '/RVSL';
    const statementLine: StatementLine = {
      bankTxId,
      bookedOn,
      amountMinor: checked.minor,
      currency: checked.currency,
      direction: dir,
      reversal,
      reference: texts.reference,
      description: texts.description,
      ...party,
    };
    collector.add(at, statementLine);
  };
  const refsOf = (tx: unknown) => ['AcctSvcrRef', 'TxId', 'EndToEndId', 'InstrId', 'UETR'].map((r) => text(child(tx, 'Refs', r)) ?? '');

  if (txs.length <= 1 || !txs.every((tx) => txAmount(tx) !== null)) {
    // One line for the entry: its amount, the texts of all its transactions.
    const tx = txs[0];
    const all = txs.map((t) => textsOf(t, null));
    const own = textsOf(tx, entryInfo);
    const texts: Texts =
      txs.length <= 1 ? own : { description: joinTexts([...all.flatMap((t) => t.parts), entryInfo]), reference: all.find((t) => t.reference)?.reference ?? own.reference };
    const id = entryId ?? usable(text(child(tx, 'Refs', 'AcctSvcrRef'))) ?? usable(text(child(tx, 'Refs', 'UETR')));
    return emit(line, tx, amountOf(child(entry, 'Amt')), entryDirection, texts, id, txs.length <= 1 ? refsOf(tx) : txs.flatMap(refsOf));
  }

  // A batch: one line per transaction.
  const ownRefs = txs.map((tx) => usable(text(child(tx, 'Refs', 'AcctSvcrRef'))));
  const ownRefsUnique = ownRefs.every((r) => r !== null && r !== entryId) && new Set(ownRefs).size === txs.length;
  const keys = txs.map((tx) => usable(text(child(tx, 'Refs', 'TxId'))) ?? usable(text(child(tx, 'Refs', 'EndToEndId'))) ?? usable(text(child(tx, 'Refs', 'InstrId'))));
  const keysUnique = keys.every((k) => k !== null) && new Set(keys).size === txs.length;
  txs.forEach((tx, i) => {
    const id = ownRefsUnique ? ownRefs[i]! : entryId ? `${entryId}/${keysUnique ? keys[i]! : String(i + 1)}` : usable(text(child(tx, 'Refs', 'UETR')));
    const dir = direction(text(child(tx, 'CdtDbtInd'))) ?? entryDirection;
    emit(lineOf(tx), tx, txAmount(tx), dir, textsOf(tx, entryInfo), id, refsOf(tx));
  });
}
