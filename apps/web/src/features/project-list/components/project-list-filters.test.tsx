// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import type { OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import { ProjectListFilters } from './project-list-filters.tsx';

afterEach(cleanup);

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const search: OpenProjectsQuery = { q: undefined, service: undefined, city: undefined, sort: 'newest', page: 1, pageSize: 12 };

describe('ProjectListFilters', () => {
  // The filters live in the URL, and the router applies a new URL a moment after the click
  // (asynchronously). The boxes must not wait for it: a second click meanwhile builds on the first.
  it('shows a ticked service at once and a quick second click keeps the first', () => {
    const onChange = vi.fn();
    render(<ProjectListFilters search={search} services={['plomeria']} onChange={onChange} />);
    const electricity = box(SERVICE_LABELS.electricidad);
    fireEvent.click(electricity);
    expect(electricity.checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ service: ['plomeria', 'electricidad'], page: 1 }));

    fireEvent.click(screen.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }));
    expect(box(SERVICE_LABELS.plomeria).checked).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ service: ['electricidad'] }));
  });

  it('follows the URL once it changes (back button, clearing the filters)', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ProjectListFilters search={search} services={['plomeria']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: SERVICE_LABELS.electricidad }));
    rerender(<ProjectListFilters search={{ ...search, allServices: '1' }} services={[]} onChange={onChange} />);
    expect(box(SERVICE_LABELS.electricidad).checked).toBe(false);
    expect(box(SERVICE_LABELS.plomeria).checked).toBe(false);
  });
});
