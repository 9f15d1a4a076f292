// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  city: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Nombre', rowHeader: true, cell: (r) => r.name },
  { id: 'city', header: 'Ciudad', cell: (r) => r.city },
];
const rows: Row[] = [
  { id: 'a', name: 'Ana', city: 'Santiago' },
  { id: 'b', name: 'Beto', city: 'La Romana' },
];

describe('DataTable', () => {
  it('is a table named by its caption, with column headers and one row per item named by its row header', () => {
    render(<DataTable caption="Personas" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Personas' });
    expect(table.querySelector('caption')?.textContent).toBe('Personas');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Nombre', 'Ciudad']);
    for (const h of headers) expect(h.getAttribute('scope')).toBe('col');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    const first = within(bodyRows[0]!).getByRole('rowheader');
    expect(first.textContent).toBe('Ana');
    expect(first.getAttribute('scope')).toBe('row');
    // The cell's name (what a screen reader says) is its value; the column's name repeated for the eye is hidden from it.
    expect(within(bodyRows[1]!).getByRole('cell', { name: 'La Romana' })).toBeTruthy();
  });

  it('sits in a region labelled like the table that the keyboard reaches (it scrolls sideways on a narrow screen)', async () => {
    render(
      <>
        <button type="button">Antes</button>
        <DataTable caption="Registro" columns={columns} rows={rows} rowKey={(r) => r.id} />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Registro' });
    expect(region.contains(screen.getByRole('table', { name: 'Registro' }))).toBe(true);
    expect(region.className).toContain('overflow-x-auto');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(document.activeElement).toBe(region);
  });

  it('says the empty sentence instead of an empty table', () => {
    render(<DataTable caption="Personas" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nadie todavía." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nadie todavía.')).toBeTruthy();
  });

  it('as a text alternative is a named table for screen readers only, with no focus stop', () => {
    const { container } = render(<DataTable variant="hidden" caption="Proyectos por día" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Proyectos por día' });
    expect(table.className).toContain('sr-only');
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('[tabindex]')).toBeNull();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
  });
});

describe('DataTable on a phone', () => {
  it('repeats each column’s name in its cells for the eye only (the column header names the cell for a screen reader)', () => {
    render(<DataTable caption="Personas" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Personas' });
    const cell = within(table).getByRole('cell', { name: 'Santiago' });
    expect(cell.textContent).toBe('CiudadSantiago');
    const label = within(cell).getByText('Ciudad');
    expect(label.getAttribute('aria-hidden')).toBe('true');
  });
});
