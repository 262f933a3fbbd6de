import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../../../test/console-harness';
import { SignupFilters } from './signup-filters';

const noop = () => undefined;

describe('the list’s filters', () => {
  it('offers a search by address to one who sees addresses, and none to one who sees them masked (the server refuses it)', async () => {
    const { unmount } = await renderConsole(
      <SignupFilters filters={{ sort: '-created_at' }} search="" onSearch={noop} onChange={noop} onClear={noop} />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search e-mail' })).toBeInTheDocument();
    unmount();

    await renderConsole(
      <SignupFilters filters={{ sort: '-created_at' }} search="" onSearch={noop} onChange={noop} onClear={noop} seesAddresses={false} />,
      { role: 'viewer' },
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByText(/You see addresses masked, so the list is not searched by address/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
  });
});
