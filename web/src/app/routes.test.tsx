import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_TITLE, UNEXPECTED_ERROR_TITLE } from '@waitlist/contract';
import { routes } from './routes';

function renderAt(path: string, tree: RouteObject[] = routes) {
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('renders the 404 page for an unknown path and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/does/not/exist');
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('404'), '/does/not/exist');
    warn.mockRestore();
  });

  it('renders the Unexpected Application Error! screen with the message of an unhandled routing error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = routes[0]!;
    const tree: RouteObject[] = [
      {
        path: root.path,
        Component: root.Component,
        errorElement: root.errorElement,
        children: [
          {
            path: '/broken',
            loader: () => {
              throw new Error('The loader exploded');
            },
            Component: () => null,
          },
        ],
      },
    ];
    renderAt('/broken', tree);
    return screen.findByRole('heading', { name: UNEXPECTED_ERROR_TITLE }).then(() => {
      expect(screen.getByText('The loader exploded')).toBeInTheDocument();
      error.mockRestore();
    });
  });

  it('marks the active route with aria-current and opens the Home dropdown by keyboard, closing on Escape', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    const home = within(nav).getByRole('button', { name: 'Home' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveAttribute('aria-expanded', 'false');
    home.focus();
    await user.keyboard('{Enter}');
    expect(home).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Solution' })).toHaveAttribute('href', '/#solution');
    expect(within(nav).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/#how-it-works');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    expect(within(nav).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await user.keyboard('{Escape}');
    expect(home).toHaveAttribute('aria-expanded', 'false');
    expect(home).toHaveFocus();
    expect(within(nav).queryByRole('link', { name: 'Solution' })).not.toBeInTheDocument();
  });

  it('points Sign up at the form on pages that have one, and at the home form elsewhere', () => {
    renderAt('/about');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/about#signup-form');
  });

  it('points Sign up at the home page form from the privacy page', () => {
    renderAt('/privacy');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/#signup-form');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated January 2025')).toBeInTheDocument();
  });
});
