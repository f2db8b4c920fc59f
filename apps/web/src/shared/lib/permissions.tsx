import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';

/** The signed-in user's permission names, loaded once after sign-in (specification section 4). */
let names: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

export function registerPermissions(list: readonly string[]) {
  names = new Set(list);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Any one of `required` grants; nothing required grants (specification section 6). */
export function grants(held: ReadonlySet<string>, required?: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((name) => held.has(name));
}

export interface Permissions {
  names: ReadonlySet<string>;
  has(name: string): boolean;
  hasAny(required?: readonly string[]): boolean;
}

function permissionsOf(held: ReadonlySet<string>): Permissions {
  return { names: held, has: (name) => held.has(name), hasAny: (required) => grants(held, required) };
}

const PermissionContext = createContext<Permissions>(permissionsOf(new Set()));

export function PermissionProvider({ children }: { children: ReactNode }) {
  const held = useSyncExternalStore(subscribe, () => names);
  const value = useMemo(() => permissionsOf(held), [held]);
  return <PermissionContext value={value}>{children}</PermissionContext>;
}

export function usePermissions(): Permissions {
  return useContext(PermissionContext);
}
