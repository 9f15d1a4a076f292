// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankConsole as t, statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import { dialog } from '@arreglaya/shared/i18n/common';
import type { StatementLineView } from '@arreglaya/shared/schemas/statements';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';
import { Component as AdminBankRoute } from './admin-bank.tsx';
import '@/test/jsdom-css-escape.ts';

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
const EXCESS: StatementLineView = {
  ...UNMATCHED,
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a41',
  bankTxId: '2025031500000981',
  bookedOn: '2025-03-15',
  amountMinor: 2_250_000,
  reference: null,
  description: 'DEPOSITO ACH',
  payerName: null,
  status: 'matched',
  paymentId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  appliedMinor: 2_000_000,
  returnMinor: 250_000,
};

type Call = { method: string; url: string; headers: Headers; body: unknown };

/** The page with a fake API: `answer` decides the writes; the queue is read from `queue` each time. */
function renderPage(opts: { queue?: StatementLineView[][]; answer?: (call: Call) => Response | Promise<Response> } = {}) {
  const calls: Call[] = [];
  const queues = opts.queue ?? [[]];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const body = init?.body instanceof Blob ? init.body : typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, headers, body };
      calls.push(call);
      if (method === 'GET' && url === '/api/admin/statement-lines') return json(200, { items: queues[Math.min(reads++, queues.length - 1)] });
      return opts.answer?.(call) ?? json(200, { message: 'ok' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageBoxProvider>
        <AdminBankRoute />
      </MessageBoxProvider>
    </QueryClientProvider>,
  );
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
  it('lists each line with its date, amount, payer, description and the reference found', async () => {
    renderPage({ queue: [[UNMATCHED, EXCESS]] });
    const items = within(await screen.findByRole('list', { name: t.queue.listLabel })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: t.queue.line('RD$15,000.00', '14 mar 2025') })).toBeTruthy();
    expect(first.textContent).toContain('JUAN PEREZ MARTINEZ');
    expect(first.textContent).toContain('PAGO AY-24FJ-YFAS-2 REPARACION BANO');
    expect(first.textContent).toContain(`${t.queue.reference}: AY-24FJ-YFAS-2`);
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.assign}`) })).toBeTruthy();
    expect(within(first).getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) })).toBeTruthy();
    // A matched line with an excess: the amount to give back, and only its return.
    expect(second.textContent).toContain(`${t.queue.toReturn}: RD$2,500.00`);
    expect(second.textContent).toContain(t.queue.noPayer);
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([t.queue.registerReturn]);
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

  it('records a return only after the confirmation, once however often it is tapped, and reads the queue again', async () => {
    const { writes, calls, user } = renderPage({ queue: [[UNMATCHED, EXCESS], [UNMATCHED]], answer: () => json(200, { message: ts.returned }) });
    const line = (await within(queueRegion()).findAllByRole('listitem'))[1]!;
    await user.click(within(line).getByRole('button', { name: new RegExp(`^${t.queue.registerReturn}`) }));
    // Nothing typed: the shared schema's message.
    await user.click(within(line).getByRole('button', { name: t.queue.registerReturn }));
    expect(within(line).getByRole('alert').textContent).toBe('Campo obligatorio.');
    await user.type(within(line).getByLabelText(t.queue.returnRefLabel), 'TRF-2025-0315-77');
    await user.click(within(line).getByRole('button', { name: t.queue.registerReturn }));
    const confirm = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    expect(confirm.textContent).toContain(t.queue.returnConfirm('RD$2,500.00', 'TRF-2025-0315-77'));
    // Backing out sends nothing.
    await user.click(within(confirm).getByRole('button', { name: dialog.keep }));
    expect(writes()).toHaveLength(0);

    await user.click(within(line).getByRole('button', { name: t.queue.registerReturn }));
    const again = await screen.findByRole('alertdialog', { name: t.queue.returnTitle });
    await user.dblClick(within(again).getByRole('button', { name: t.queue.returnYes }));
    expect(await screen.findByText(ts.returned)).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: `/api/admin/statement-lines/${EXCESS.id}/returned`, body: { returnRef: 'TRF-2025-0315-77' } })]);
    await vi.waitFor(() => expect(within(queueRegion()).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/admin/statement-lines')).toHaveLength(2);
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
});
