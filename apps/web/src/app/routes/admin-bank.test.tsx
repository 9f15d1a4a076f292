// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankConsole as t, statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import { dialog } from '@arreglaya/shared/i18n/common';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import type { BankMappingView, MoneyAlertView, StatementLineView, TransferReturnView } from '@arreglaya/shared/schemas/statements';
import { Component as AdminBankRoute } from './admin-bank.tsx';
import '@/test/jsdom-css-escape.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

// The console's bank page (issue 47): the statement goes as the file's bytes with its bank in the
// query, the report and each line's problem show; the queue's actions ask first, and a reference no
// transfer waits for is refused beside the reference; the CSV layout is checked with the API's own
// schema before it is sent. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message: string) => json(status, { error: { code, message } });

const UNMATCHED: StatementLineView = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a40',
  bankTxId: '2025031400012345',
  bookedOn: '2025-03-14',
  amountMinor: 1_500_000,
  currency: 'DOP',
  reference: 'AY24FJYFAS2',
  description: 'PAGO AY-24FJ-YFAS-2 REPARACION BANO',
  payerName: 'JUAN PEREZ MARTINEZ',
  status: 'unmatched',
  paymentId: null,
  appliedMinor: 0,
  returnMinor: 0,
  returnedAt: null,
};
type Call = { method: string; url: string; headers: Headers; body: unknown };

/** The page with a fake API: `answer` decides the writes; each list is read from its answers in turn (the last one again). */
function renderPage(
  opts: {
    queue?: StatementLineView[][];
    returns?: TransferReturnView[][];
    alerts?: MoneyAlertView[][];
    mappings?: BankMappingView[];
    answer?: (call: Call) => Response | Promise<Response>;
  } = {},
) {
  const calls: Call[] = [];
  const lists: Record<string, unknown[][]> = {
    '/api/admin/statement-lines': opts.queue ?? [[]],
    '/api/admin/transfer-returns': opts.returns ?? [[]],
    '/api/admin/money-alerts': opts.alerts ?? [[]],
    '/api/admin/bank-mappings': [opts.mappings ?? []],
  };
  const reads: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const body = init?.body instanceof Blob ? init.body : typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, headers, body };
      calls.push(call);
      const list = method === 'GET' ? lists[url] : undefined;
      if (list) {
        const n = (reads[url] = (reads[url] ?? -1) + 1);
        return json(200, { items: list[Math.min(n, list.length - 1)] });
      }
      return opts.answer?.(call) ?? json(200, { message: 'ok' });
    }),
  );
  renderWithProviders(<AdminBankRoute />);
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, writes, user: userEvent.setup() };
}

const importRegion = () => screen.getByRole('region', { name: t.import.title });
const queueRegion = () => screen.getByRole('region', { name: t.queue.title });

describe('importing a statement', () => {
  it('sends the file’s bytes as octet-stream with the bank in the query, then shows the report and its problems', async () => {
    const problems = Array.from({ length: 53 }, (_, i) => tstat.atLine(i + 2, tstat.line.amountNotNumber(`12,5x${i}`)));
    // The answer waits until the test lets it go, so a second tap lands while the first is in flight.
    let answer: (r: Response) => void = () => undefined;
    const { writes, user } = renderPage({ answer: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const region = importRegion();
    const file = new File(['"Fecha Posteo","Descripción"\r\n'], 'popular-marzo.csv', { type: 'text/csv' });
    // A CSV needs its bank's layout: nothing is sent without one.
    await user.upload(within(region).getByLabelText(t.import.file), file);
    await user.click(within(region).getByRole('button', { name: t.import.submit }));
    expect(within(region).getByLabelText(t.import.bank)).toHaveProperty('ariaInvalid', 'true');
    expect(within(region).getByText(t.import.bankForCsv)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    await user.type(within(region).getByLabelText(t.import.bank), 'popular');
    await user.dblClick(within(region).getByRole('button', { name: t.import.submit }));
    expect(within(region).getByRole('button', { name: t.import.sending })).toHaveProperty('disabled', true);
    answer(json(200, { message: ts.imported, importId: '8b9c0d1e-2f3a-4b5c-8d6e-7f8091a2b3c4', lines: 60, matched: 4, unmatched: 2, duplicates: 1, errors: problems }));
    const report = await screen.findByRole('region', { name: t.import.reportTitle('popular-marzo.csv') });
    expect(writes()).toHaveLength(1);
    const sent = writes()[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/admin/statements?bank=popular&name=popular-marzo.csv');
    expect(sent.headers.get('content-type')).toBe('application/octet-stream');
    expect(sent.headers.get('x-requested-with')).toBe('arreglaya');
    expect(sent.body).toBe(file);

    expect(document.activeElement).toBe(within(report).getByRole('heading', { name: t.import.reportTitle('popular-marzo.csv') }));
    const counts = within(report)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(counts).toEqual(['60', '4', '2', '1']);
    const list = within(report).getByRole('list', { name: t.import.errorsTitle(53) });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(list.textContent).toContain('Línea 2: el monto «12,5x0» no es un número');
    expect(within(report).getByText(t.import.moreErrors(3))).toBeTruthy();
  });

  it('sends a camt.053 without a bank, and shows the server’s sentence when the file is not a statement', async () => {
    const { writes, user } = renderPage({ answer: () => apiError(400, 'VALIDATION', tstat.file.notStatement) });
    const region = importRegion();
    await user.upload(within(region).getByLabelText(t.import.file), new File(['<html><body>hola</body></html>'], 'extracto.xml', { type: 'text/xml' }));
    // A bank typed beside an XML file is not sent: a camt.053 needs no layout.
    await user.type(within(region).getByLabelText(t.import.bank), 'bhd');
    await user.click(within(region).getByRole('button', { name: t.import.submit }));
    expect(await within(region).findByRole('alert')).toHaveProperty('textContent', tstat.file.notStatement);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]!.url).toBe('/api/admin/statements?name=extracto.xml');
    expect(screen.queryByTestId('import-report')).toBeNull();
  });
});

describe('the queue to assign or return', () => {
  it('lists each credit with its date, amount, payer, description and the reference found, to assign or give back', async () => {
    renderPage({ queue: [[UNMATCHED, { ...UNMATCHED, id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a41', payerName: null, reference: null }]] });
    const items = within(await screen.findByRole('list', { name: t.queue.listLabel })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: t.queue.line('RD$15,000.00', '14 mar 2025') })).toBeTruthy();
    expect(first.textContent).toContain('JUAN PEREZ MARTINEZ');
    expect(first.textContent).toContain('PAGO AY-24FJ-YFAS-2 REPARACION BANO');
    expect(first.textContent).toContain(`${t.queue.reference}: AY-24FJ-YFAS-2`);
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.assign}`) })).toBeTruthy();
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) })).toBeTruthy();
    expect(second.textContent).toContain(t.queue.noPayer);
    expect(second.textContent).toContain(`${t.queue.reference}: ${t.queue.noReference}`);
  });

  it('says a reference no transfer waits for beside the reference, and checks its symbols before asking the server', async () => {
    const { writes, user } = renderPage({ queue: [[UNMATCHED]], answer: () => apiError(409, 'CONFLICT', ts.notAssigned) });
    const line = (await within(queueRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(line).getByRole('button', { name: new RegExp(`^${t.queue.assign}`) }));
    const reference = within(line).getByLabelText(t.queue.referenceLabel);
    expect(document.activeElement).toBe(reference);
    // A typo (the check symbol is wrong): refused here, nothing sent.
    await user.type(reference, 'AY-24FJ-YFAS-3');
    await user.click(within(line).getByRole('button', { name: t.queue.assign }));
    expect(within(line).getByRole('alert').textContent).toBe(t.queue.referenceInvalid);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(reference);
    await user.type(reference, 'ay 24fj yfas 2');
    await user.click(within(line).getByRole('button', { name: t.queue.assign }));
    const confirm = await screen.findByRole('alertdialog', { name: t.queue.assignTitle });
    expect(confirm.textContent).toContain(t.queue.assignConfirm('RD$15,000.00', 'AY-24FJ-YFAS-2'));
    expect(writes()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: t.queue.assignYes }));
    expect(await within(line).findByText(ts.notAssigned)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reference).toHaveProperty('ariaInvalid', 'true');
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: `/api/admin/statement-lines/${UNMATCHED.id}/assign`, body: { reference: 'AY-24FJ-YFAS-2' } })]);
  });

  it('records a credit given back only after the confirmation, with the bank’s reference and day, once however often it is tapped, and reads the queue again', async () => {
    const { writes, calls, user } = renderPage({ queue: [[UNMATCHED], []], answer: () => json(200, { message: ts.returned }) });
    const line = (await within(queueRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(line).getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) }));
    expect(document.activeElement).toBe(within(line).getByLabelText(t.queue.returnRefLabel));
    // The day is today unless changed; nothing typed as reference: the shared schema's message.
    expect(within(line).getByLabelText(t.queue.returnedOnLabel)).toHaveProperty('value', todayIn('DO'));
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    expect(within(line).getByText('Campo obligatorio.')).toBeTruthy();
    expect(within(line).getByLabelText(t.queue.returnRefLabel)).toHaveProperty('ariaInvalid', 'true');
    await user.type(within(line).getByLabelText(t.queue.returnRefLabel), 'TRF-2025-0315-77');
    const day = within(line).getByLabelText(t.queue.returnedOnLabel);
    await user.clear(day);
    await user.type(day, '2999-01-01');
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    expect(within(line).getByText(ts.returns.dateInFuture)).toBeTruthy();
    expect(document.activeElement).toBe(day);
    await user.clear(day);
    await user.type(day, '2025-03-16');
    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    const confirm = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    expect(confirm.textContent).toContain(t.queue.returnConfirm('RD$15,000.00', 'TRF-2025-0315-77'));
    // Backing out sends nothing.
    await user.click(within(confirm).getByRole('button', { name: dialog.keep }));
    expect(writes()).toHaveLength(0);

    await user.click(within(line).getByRole('button', { name: t.queue.giveBack }));
    const again = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    await user.dblClick(within(again).getByRole('button', { name: t.queue.returnYes }));
    expect(await screen.findByText(ts.returned)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/statement-lines/${UNMATCHED.id}/returned`, body: { returnRef: 'TRF-2025-0315-77', returnedOn: '2025-03-16' } }),
    ]);
    expect(await within(queueRegion()).findByText(t.queue.empty)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/admin/statement-lines')).toHaveLength(2);
  });
});

const REFUND: TransferReturnView = {
  kind: 'refund',
  id: '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a50',
  amountMinor: 1_250_000,
  currency: 'DOP',
  reason: 'hireEnded',
  clientName: 'Yolanda Pérez',
  payerName: 'YOLANDA PEREZ GOMEZ',
  reference: 'AY24FJYFAS2',
  projectTitle: 'Cambiar tubería del baño',
  since: '2025-03-10T14:00:00.000Z',
};
const OVERPAID: TransferReturnView = {
  ...REFUND,
  kind: 'line',
  id: '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a51',
  amountMinor: 250_000,
  reason: 'overpayment',
  clientName: null,
  payerName: null,
  reference: null,
  projectTitle: null,
};

describe('the money owed back by transfer', () => {
  const returnsRegion = () => screen.getByRole('region', { name: t.returns.title });

  it('shows who, how much, why and since when as cards, and records a refund’s return with its day after the confirmation, once', async () => {
    const { writes, calls, user } = renderPage({ returns: [[REFUND, OVERPAID], [OVERPAID]], answer: () => json(200, { message: ts.returns.recorded }) });
    const items = within(await screen.findByRole('list', { name: t.returns.listLabel })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [refund, overpaid] = items as [HTMLElement, HTMLElement];
    const name = t.returns.item('RD$12,500.00', 'Yolanda Pérez');
    expect(within(refund).getByRole('heading', { name })).toBeTruthy();
    expect(refund.textContent).toContain(`${t.returns.reason}: ${t.returns.reasons.hireEnded}`);
    expect(refund.textContent).toContain(`${t.returns.payer}: YOLANDA PEREZ GOMEZ`);
    expect(refund.textContent).toContain(`${t.returns.reference}: AY-24FJ-YFAS-2`);
    expect(refund.textContent).toContain(`${t.returns.since}: 10 mar 2025`);
    // Nobody known: the heading says so, the details too.
    expect(within(overpaid).getByRole('heading', { name: t.returns.item('RD$2,500.00', t.returns.unknownPerson) })).toBeTruthy();
    expect(overpaid.textContent).toContain(t.returns.reasons.overpayment);
    expect(overpaid.textContent).toContain(`${t.returns.client}: ${t.returns.noClient}`);
    expect(overpaid.textContent).toContain(`${t.returns.payer}: ${t.returns.noPayer}`);

    const open = within(refund).getByRole('button', { name: t.queue.actionLabel(t.returns.record, name) });
    await user.click(open);
    expect(open).toHaveProperty('ariaExpanded', 'true');
    await user.type(within(refund).getByLabelText(t.queue.returnRefLabel), 'DEV-2025-0316-001');
    const day = within(refund).getByLabelText(t.queue.returnedOnLabel);
    await user.clear(day);
    await user.type(day, '2025-03-16');
    await user.click(within(refund).getByRole('button', { name: t.returns.record }));
    const confirm = await screen.findByRole('alertdialog', { name: t.returns.recordTitle });
    expect(confirm.textContent).toContain(t.returns.recordConfirm('RD$12,500.00', 'Yolanda Pérez', 'DEV-2025-0316-001', '16 mar 2025'));
    await user.dblClick(within(confirm).getByRole('button', { name: t.returns.recordYes }));
    expect(await screen.findByText(ts.returns.recorded)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/transfer-refunds/${REFUND.id}/returned`, body: { returnRef: 'DEV-2025-0316-001', returnedOn: '2025-03-16' } }),
    ]);
    await vi.waitFor(() => expect(within(returnsRegion()).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/admin/transfer-returns')).toHaveLength(2);
    // The focus goes back to the list's heading.
    expect(document.activeElement).toBe(within(returnsRegion()).getByRole('heading', { name: t.returns.title }));
  });

  it('records a statement line’s excess on the line’s route, and keeps the dialog’s message when the server refuses', async () => {
    const { writes, user } = renderPage({ returns: [[OVERPAID]], answer: () => apiError(409, 'CONFLICT', ts.returns.otherReference('DEV-1')) });
    const item = (await within(returnsRegion()).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: new RegExp(`^${t.returns.record}`) }));
    await user.type(within(item).getByLabelText(t.queue.returnRefLabel), 'DEV-2');
    await user.click(within(item).getByRole('button', { name: t.returns.record }));
    const confirm = await screen.findByRole('alertdialog', { name: t.returns.recordTitle });
    await user.click(within(confirm).getByRole('button', { name: t.returns.recordYes }));
    expect(await within(confirm).findByText(ts.returns.otherReference('DEV-1'))).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ url: `/api/admin/statement-lines/${OVERPAID.id}/returned`, body: { returnRef: 'DEV-2', returnedOn: todayIn('DO') } })]);
  });
});

describe('money alerts', () => {
  const ALERT: MoneyAlertView = {
    id: '8b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a60',
    kind: 'amount_mismatch',
    paymentId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    expected: { amountMinor: 1_250_000, currency: 'DOP' },
    received: { amountMinor: 12_500, currency: 'USD' },
    clientName: 'Yolanda Pérez',
    projectTitle: 'Cambiar tubería del baño',
    createdAt: '2025-03-12T15:00:00.000Z',
  };

  it('shows what was expected and what came, and marks one reviewed with a note after the confirmation', async () => {
    const { writes, user } = renderPage({ alerts: [[ALERT], []], answer: () => json(200, { message: ts.alerts.reviewed }) });
    const region = screen.getByRole('region', { name: t.alerts.title });
    const item = (await within(region).findAllByRole('listitem'))[0]!;
    expect(within(item).getByRole('heading', { name: t.alerts.heading(t.alerts.kinds.amount_mismatch!, '12 mar 2025') })).toBeTruthy();
    expect(item.textContent).toContain(`${t.alerts.expected}: RD$12,500.00`);
    expect(item.textContent).toContain(`${t.alerts.received}: US$125.00`);
    expect(item.textContent).toContain('Yolanda Pérez');
    await user.click(within(item).getByRole('button', { name: new RegExp(`^${t.alerts.review}`) }));
    const note = within(item).getByLabelText(t.alerts.noteLabel);
    expect(document.activeElement).toBe(note);
    await user.click(within(item).getByRole('button', { name: t.alerts.review }));
    expect(within(item).getByText('Campo obligatorio.')).toBeTruthy();
    await user.type(note, 'El cliente pagó en dólares; se le devuelve.');
    await user.click(within(item).getByRole('button', { name: t.alerts.review }));
    const confirm = await screen.findByRole('alertdialog', { name: t.alerts.reviewTitle });
    await user.click(within(confirm).getByRole('button', { name: t.alerts.reviewYes }));
    expect(await within(region).findByText(t.alerts.empty)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/admin/money-alerts/${ALERT.id}/reviewed`, body: { note: 'El cliente pagó en dólares; se le devuelve.' } }),
    ]);
  });
});

describe('a bank’s CSV layout', () => {
  const mappingRegion = () => screen.getByRole('region', { name: t.mapping.title });

  it('refuses an invalid layout in the browser with the shared schema’s messages, then saves a valid one', async () => {
    const { writes, user } = renderPage();
    const form = mappingRegion();
    await user.selectOptions(within(form).getByLabelText(tstat.mapping.fields.dateFormat), 'dd/mm/yyyy');
    await user.type(within(form).getByLabelText(tstat.mapping.fields.date), '0');
    await user.click(within(form).getByRole('button', { name: t.mapping.save }));
    expect(await within(form).findByText('Campo obligatorio.')).toBeTruthy(); // the bank's key
    expect(within(form).getByText(tstat.mapping.columnInvalid)).toBeTruthy();
    expect(within(form).getByText(tstat.mapping.descriptionRequired)).toBeTruthy();
    expect(within(form).getByLabelText(tstat.mapping.fields.date)).toHaveProperty('ariaInvalid', 'true');
    expect(writes()).toHaveLength(0);

    // Separate credit and debit columns, no currency anywhere: the layout's own rules.
    await user.type(within(form).getByLabelText(t.mapping.bank), 'popular');
    await user.clear(within(form).getByLabelText(tstat.mapping.fields.date));
    await user.type(within(form).getByLabelText(tstat.mapping.fields.date), 'Fecha Posteo');
    await user.selectOptions(within(form).getByLabelText(t.mapping.amountMode), 'split');
    await user.type(within(form).getByLabelText(tstat.mapping.fields.description), 'Descripción');
    await user.click(within(form).getByRole('button', { name: t.mapping.save }));
    expect(await within(form).findByText(tstat.mapping.currencyRequired)).toBeTruthy();
    expect(within(form).getByText(tstat.mapping.amountColumns)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    await user.type(within(form).getByLabelText(tstat.mapping.fields.credit), 'Crédito');
    await user.type(within(form).getByLabelText(tstat.mapping.fields.debit), 'Débito');
    await user.type(within(form).getByLabelText(t.mapping.optional(tstat.mapping.fields.fixedCurrency)), 'dop');
    await user.type(within(form).getByLabelText(t.mapping.optional(tstat.mapping.fields.balance)), '7');
    await user.click(within(form).getByRole('button', { name: t.mapping.save }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/bank-mappings/popular',
      body: {
        encoding: 'utf-8',
        delimiter: ',',
        decimalSeparator: '.',
        dateFormat: 'dd/mm/yyyy',
        hasHeader: true,
        skipRows: 0,
        footerRows: 0,
        columns: { date: 'Fecha Posteo', credit: 'Crédito', debit: 'Débito', description: ['Descripción'], balance: 7 },
        currency: 'DOP',
      },
    });
  });

  it('fills the form with a saved layout chosen from the list, and saves the edit under its key', async () => {
    const saved: BankMappingView = {
      bank: 'bhd',
      updatedAt: '2025-03-01T12:00:00.000Z',
      mapping: {
        bankName: 'Banco BHD',
        encoding: 'latin1',
        delimiter: ';',
        decimalSeparator: ',',
        dateFormat: 'dd/mm/yyyy',
        hasHeader: true,
        skipRows: 2,
        footerRows: 1,
        columns: { date: 'Fecha', amount: 3, description: ['Concepto', 'Detalle'], bankTxId: 'Referencia' },
        currency: 'DOP',
      },
    };
    const { writes, user } = renderPage({ mappings: [saved] });
    const form = mappingRegion();
    const picker = within(form).getByLabelText(t.savedMappings.label);
    await within(picker).findByRole('option', { name: 'bhd (Banco BHD)' });
    await user.selectOptions(picker, 'bhd');
    expect(within(form).getByRole('status').textContent).toBe(t.savedMappings.loaded('bhd'));
    expect(within(form).getByLabelText(t.mapping.bank)).toHaveProperty('value', 'bhd');
    expect(within(form).getByLabelText(tstat.mapping.fields.encoding)).toHaveProperty('value', 'latin1');
    expect(within(form).getByLabelText(tstat.mapping.fields.delimiter)).toHaveProperty('value', ';');
    expect(within(form).getByLabelText(tstat.mapping.fields.skipRows)).toHaveProperty('value', '2');
    expect(within(form).getByLabelText(tstat.mapping.fields.amount)).toHaveProperty('value', '3');
    expect(within(form).getByLabelText(tstat.mapping.fields.description)).toHaveProperty('value', 'Concepto\nDetalle');
    const date = within(form).getByLabelText(tstat.mapping.fields.date);
    await user.clear(date);
    await user.type(date, 'Fecha Valor');
    await user.click(within(form).getByRole('button', { name: t.mapping.save }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/bank-mappings/bhd',
      body: { ...saved.mapping, columns: { ...saved.mapping.columns, date: 'Fecha Valor' } },
    });
  });
});
