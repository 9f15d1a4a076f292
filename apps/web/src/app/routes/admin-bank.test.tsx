// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bankConsole as t, statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import type { BankMappingView } from '@arreglaya/shared/schemas/statements';
import '@/test/jsdom-css-escape.ts';
import { apiError, importRegion, json, renderPage, setUpAdminBankPage } from '@/test/admin-bank-page.tsx';

// The console's bank page (issue 47): the statement goes as the file's bytes with its bank in the
// query, the report and each line's problem show; the CSV layout is checked with the API's own
// schema before it is sent. The queue, the money owed back and the alerts: admin-bank-queue.test.tsx.
// Only the network is replaced.

setUpAdminBankPage();

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
