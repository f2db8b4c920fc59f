import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Direction, setDirection, useSettings } from './settings.ts';

/**
 * The page direction for React code: the value, and the callback that changes it for the whole page
 * (see `setDirection` in settings.ts, which also emits the `directionchange` window event).
 */
export interface DirectionValue {
  direction: Direction;
  setDirection: (direction: Direction) => void;
}

const DirectionContext = createContext<DirectionValue>({ direction: 'ltr', setDirection });

export function DirectionProvider({ children }: { children: ReactNode }) {
  const { direction } = useSettings();
  const value = useMemo(() => ({ direction, setDirection }), [direction]);
  return <DirectionContext value={value}>{children}</DirectionContext>;
}

export function useDirection(): DirectionValue {
  return useContext(DirectionContext);
}
