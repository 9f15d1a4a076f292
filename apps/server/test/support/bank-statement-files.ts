/**
 * Large synthetic bank statements (issue 47) for the parsers' tests and `npm run bench:statements`:
 * a camt.053.001.08 and a Banco Popular-style CSV with exactly `lines` movements each, the same
 * every time for the same arguments (a seeded generator). Most lines are credits quoting a transfer
 * reference, mangled the ways payers and banks mangle it; some are debits; in the camt.053 one
 * entry in ten is an ACH batch of three transactions and one in fifty a reversal.
 */
import type { CsvMappingInput } from '@arreglaya/shared/schemas/bank-statements';
import { formatReference, newTransferReference } from '@arreglaya/shared/transfer-reference';
import { mulberry32 } from '../../src/demo/random.ts';

const NAMES = ['JUAN PEREZ', 'MARIA NUÑEZ', 'JOSE ANTONIO REYES', 'ANA LUCIA MENDEZ', 'PEDRO ALMONTE', 'ROSA DE LA CRUZ', 'FERRETERIA GOMEZ & HIJOS', 'MILAGROS BATISTA'];

interface Movement {
  day: string;
  minor: number;
  credit: boolean;
  text: string;
  payer: string;
  account: string;
}

/**
 * Transfers the statement pays (`npm run bench:rails`): each credit line quoting a reference takes
 * the next one's reference and amount instead of random ones, in order, until they run out. The
 * random sequence is the same either way, so the rest of the file does not change.
 */
export type StatementPays = readonly { reference: string; minor: number }[];

function movements(lines: number, seed: number, pays: StatementPays = []): Movement[] {
  const random = mulberry32(seed);
  const out: Movement[] = [];
  let paid = 0;
  for (let i = 0; i < lines; i++) {
    const day = `2025-03-${String(1 + Math.floor((i * 28) / lines)).padStart(2, '0')}`;
    const credit = random() < 0.8;
    let minor = (50 + Math.floor(random() * 200_000)) * 100 + (random() < 0.3 ? Math.floor(random() * 100) : 0);
    let ref = newTransferReference(() => new Uint8Array([random() * 256, random() * 256, random() * 256, random() * 256, random() * 256]));
    const payer = NAMES[Math.floor(random() * NAMES.length)]!;
    const style = Math.floor(random() * 5);
    const pay = credit && style < 4 ? pays[paid] : undefined;
    if (pay) {
      paid++;
      ref = pay.reference;
      minor = pay.minor;
    }
    const text = !credit
      ? `PAGO A CONTRATISTA ${i}`
      : style === 0
        ? `PAGO ${ref} ${payer}`
        : style === 1
          ? `transf ${formatReference(ref).toLowerCase().replaceAll('-', ' ')}`
          : style === 2
            ? `${payer} ${formatReference(ref)}`
            : style === 3
              ? `PAGO${ref}`
              : `TRANSFERENCIA RECIBIDA ${payer}`;
    out.push({ day, minor, credit, text, payer, account: String(700_000_000 + Math.floor(random() * 99_999_999)) });
  }
  return out;
}

const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const xmlText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function tx(m: Movement, id: string): string {
  const party = m.credit
    ? `<Dbtr><Pty><Nm>${xmlText(m.payer)}</Nm></Pty></Dbtr><DbtrAcct><Id><Othr><Id>${m.account}</Id></Othr></Id></DbtrAcct>`
    : `<Cdtr><Pty><Nm>${xmlText(m.payer)}</Nm></Pty></Cdtr><CdtrAcct><Id><Othr><Id>${m.account}</Id></Othr></Id></CdtrAcct>`;
  return `
          <TxDtls>
            <Refs><TxId>${id}</TxId><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="DOP">${decimal(m.minor)}</Amt>
            <CdtDbtInd>${m.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
            <RltdPties>${party}</RltdPties>
            <RmtInf><Ustrd>${xmlText(m.text)}</Ustrd></RmtInf>
          </TxDtls>`;
}

/** A camt.053.001.08 with exactly `lines` statement lines (`pays`: transfers its credits pay, see StatementPays). */
export function syntheticCamt053(lines: number, seed = 47, pays?: StatementPays): string {
  const ms = movements(lines, seed, pays);
  const entries: string[] = [];
  let i = 0;
  let n = 0;
  while (i < ms.length) {
    n++;
    const batch = n % 10 === 0 && i + 3 <= ms.length && ms[i]!.credit && ms[i + 1]!.credit && ms[i + 2]!.credit ? ms.slice(i, i + 3) : [ms[i]!];
    const first = batch[0]!;
    const total = batch.reduce((sum, m) => sum + m.minor, 0);
    const reversal = batch.length === 1 && n % 50 === 0;
    entries.push(`
      <Ntry>
        <NtryRef>${n}</NtryRef>
        <Amt Ccy="DOP">${decimal(total)}</Amt>
        <CdtDbtInd>${first.credit !== reversal ? 'CRDT' : 'DBIT'}</CdtDbtInd>${reversal ? '\n        <RvslInd>true</RvslInd>' : ''}
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${first.day}</Dt></BookgDt>
        <ValDt><Dt>${first.day}</Dt></ValDt>
        <AcctSvcrRef>SYN${String(n).padStart(9, '0')}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${batch.map((m, k) => tx(m, `TX${n}-${k + 1}`)).join('')}
        </NtryDtls>
        <AddtlNtryInf>${batch.length > 1 ? 'LOTE ACH RECIBIDO' : first.credit ? 'TRANSFERENCIA RECIBIDA' : 'TRANSFERENCIA ENVIADA'}</AddtlNtryInf>
      </Ntry>`);
    i += batch.length;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>SYNTHETIC-${lines}</MsgId><CreDtTm>2025-04-01T06:00:00-04:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>SYNTHETIC-STMT</Id>
      <CreDtTm>2025-04-01T06:00:00-04:00</CreDtTm>
      <FrToDt><FrDtTm>2025-03-01T00:00:00-04:00</FrDtTm><ToDtTm>2025-03-31T23:59:59-04:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>DO28BAGR00000001212453611324</IBAN></Id><Ccy>DOP</Ccy></Acct>${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** The CSV's mapping (Banco Popular's layout). */
export const SYNTHETIC_CSV_MAPPING: CsvMappingInput = {
  bankName: 'Sintético',
  encoding: 'utf-8',
  delimiter: ',',
  decimalSeparator: '.',
  dateFormat: 'dd/mm/yyyy',
  columns: { date: 'Fecha Posteo', debit: 'Débito', credit: 'Crédito', description: ['Descripción'], bankTxId: 'Referencia', payerName: 'Ordenante', balance: 'Balance' },
  currency: 'DOP',
};

const thousands = (minor: number) => decimal(minor).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** A CSV with exactly `lines` movements, CRLF, the bank's title lines first; every tenth line without a transaction id. */
export function syntheticCsv(lines: number, seed = 47): string {
  const out = ['"BANCO SINTÉTICO"', '"Estado de cuenta 812345678"', '', 'Fecha Posteo,Referencia,Descripción,Ordenante,Débito,Crédito,Balance'];
  let balance = 10_000_000_000;
  movements(lines, seed).forEach((m, i) => {
    balance += m.credit ? m.minor : -m.minor;
    const [y, mo, d] = m.day.split('-');
    const id = i % 10 === 9 ? '' : `SYN${String(i + 1).padStart(9, '0')}`;
    out.push([`${d}/${mo}/${y}`, id, m.text, m.payer, m.credit ? '' : thousands(m.minor), m.credit ? thousands(m.minor) : '', thousands(balance)].map(csvCell).join(','));
  });
  return out.join('\r\n') + '\r\n';
}
