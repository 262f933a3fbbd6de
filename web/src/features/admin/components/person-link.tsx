import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/** A link to one person's page (`/admin/signups/12`): their id in the address, never their address. */
export function PersonLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Link to="/signups/$id" params={{ id: String(id) }}>
      {children}
    </Link>
  );
}
