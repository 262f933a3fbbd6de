import { createContext, useContext, type ReactNode } from 'react';
import { roleAllows, type OperatorRole } from '@waitlist/contract';

/**
 * The signed-in operator's role, for hiding what it cannot do. The server decides (every admin route declares its role);
 * the console only spares the operator buttons that would answer "your role cannot do this".
 */
const RoleContext = createContext<OperatorRole>('viewer');

export const RoleProvider = ({ role, children }: { role: OperatorRole; children: ReactNode }) => (
  <RoleContext.Provider value={role}>{children}</RoleContext.Provider>
);

/** Whether the signed-in operator's role may do what needs `required`. */
export function useCan(): (required: OperatorRole) => boolean {
  const role = useContext(RoleContext);
  return (required) => roleAllows(role, required);
}

/** Shows its children only to a role that may do what needs `need`. */
export function Can({ need, children }: { need: OperatorRole; children: ReactNode }) {
  return useCan()(need) ? <>{children}</> : null;
}
