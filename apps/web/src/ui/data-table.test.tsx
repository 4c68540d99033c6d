import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { dataTableColumns } from './data-table-columns';
import { DEFAULT_PER_PAGE, listArgs, type ListPage, type ListState } from './list-state';

type Order = { id: string; email: string; total: number; created: string };

const col = dataTableColumns<Order>();
const columns = col.columns([
  col.accessor('email', { header: 'Email' }),
  col.accessor('total', { header: 'Total', meta: { align: 'right' } }),
  col.accessor('created', { header: 'Created', sortDescFirst: true }),
  col.display({ id: 'actions', header: 'Actions', cell: () => 'edit' }),
]);

function orders(page: number, totalItems: number, perPage = 30): ListPage<Order> {
  const count = Math.max(0, Math.min(perPage, totalItems - (page - 1) * perPage));
  return {
    page,
    perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / perPage),
    items: Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * perPage + i + 1;
      return { id: `o${n}`, email: `buyer${n}@example.com`, total: n * 10, created: `2026-01-${n}` };
    }),
  };
}

/** A page that owns its list state like a real one, reporting every getList call it would make. */
function Harness({
  onArgs,
  result,
  loading,
  error,
  onRetry,
}: {
  onArgs: (args: unknown) => void;
  result?: ListPage<Order>;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}) {
  const [state, setState] = useState<ListState>({
    page: 1,
    perPage: DEFAULT_PER_PAGE,
    sort: '-created',
    filter: '',
  });
  onArgs(listArgs(state));
  return (
    <DataTable
      label="Orders"
      columns={columns}
      state={state}
      result={result ?? orders(state.page, 95)}
      onSortChange={(sort) => setState((s) => ({ ...s, sort, page: 1 }))}
      onPageChange={(page) => setState((s) => ({ ...s, page }))}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty="No orders yet."
      toolbar={<input aria-label="Search orders" />}
    />
  );
}

describe('DataTable sorting', () => {
  it('marks the sorted header and cycles a column through ascending, descending and off', async () => {
    const onArgs = vi.fn();
    render(<Harness onArgs={onArgs} />);
    const user = userEvent.setup();
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: '-created' }]);
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: 'email' }]);
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: '-email' }]);

    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, {}]);
  });

  it('sorts from the keyboard (numbers start highest first) and adds a second field with shift', async () => {
    const onArgs = vi.fn();
    render(<Harness onArgs={onArgs} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Total' }).focus();
    await user.keyboard('{Enter}');
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: '-total' }]);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await user.keyboard('{/Shift}');
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: '-total,-created' }]);
  });

  it('offers no sort button on a display column', () => {
    render(<Harness onArgs={() => undefined} />);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });

  it('goes back to page 1 when the order changes', async () => {
    const onArgs = vi.fn();
    render(<Harness onArgs={onArgs} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onArgs).toHaveBeenLastCalledWith([3, 30, { sort: '-created' }]);
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onArgs).toHaveBeenLastCalledWith([1, 30, { sort: 'email' }]);
  });
});

describe('DataTable pagination', () => {
  it('shows 30 rows, the range and the page count, and pages forward and back', async () => {
    const onArgs = vi.fn();
    render(<Harness onArgs={onArgs} />);
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pager).getByText('1–30 of 95')).toBeTruthy();
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onArgs).toHaveBeenLastCalledWith([2, 30, { sort: '-created' }]);
    expect(within(pager).getByText('31–60 of 95')).toBeTruthy();

    await user.click(within(pager).getByRole('button', { name: 'Page 4' }));
    expect(onArgs).toHaveBeenLastCalledWith([4, 30, { sort: '-created' }]);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(pager).getByText('91–95 of 95')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no pager when everything fits on one page', () => {
    render(<Harness onArgs={() => undefined} result={orders(1, 12)} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(13);
  });
});

describe('DataTable states', () => {
  function Bare(props: {
    result?: ListPage<Order>;
    loading?: boolean;
    error?: unknown;
    onRetry?: () => void;
  }) {
    return (
      <DataTable
        label="Orders"
        columns={columns}
        state={{ page: 1, perPage: 30, sort: '' }}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        empty="No orders yet."
        {...props}
        result={props.result}
      />
    );
  }

  it('shows skeleton rows and a status while the first page loads', () => {
    render(<Bare loading />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the previous page on screen, busy, while the next loads', () => {
    render(<Bare loading result={orders(1, 95)} />);
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByText('buyer1@example.com')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the list is empty', () => {
    render(<Bare result={orders(1, 0)} />);
    expect(screen.getByRole('cell', { name: 'No orders yet.' })).toBeTruthy();
  });

  it('shows the server’s reason and a retry when the list fails', async () => {
    const onRetry = vi.fn();
    const error = new ClientResponseError({
      status: 400,
      response: { status: 400, message: 'Invalid filter.', data: {} },
    });
    render(<Bare error={error} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain('Invalid filter.');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable rows as links', () => {
  it('puts the link in the first cell, so the row is reachable by keyboard', async () => {
    function Linked() {
      const [opened, setOpened] = useState('');
      return (
        <>
          <DataTable
            label="Orders"
            columns={columns}
            state={{ page: 1, perPage: 30, sort: '' }}
            result={orders(1, 2)}
            onSortChange={() => undefined}
            onPageChange={() => undefined}
            rowLink={(row, content) => (
              <a
                href={`/orders/${row.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  setOpened(row.id);
                }}
              >
                {content}
              </a>
            )}
          />
          <output>{opened}</output>
        </>
      );
    }
    render(<Linked />);
    const link = screen.getByRole('link', { name: 'buyer2@example.com' });
    expect(link.getAttribute('href')).toBe('/orders/o2');
    link.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('o2');
  });
});
