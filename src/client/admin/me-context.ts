import { createContext, useContext } from 'react';
import type { Me } from './types.ts';

export const MeContext = createContext<Me | null>(null);

/** The signed-in member of staff; only screens inside the shell ask. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the back office shell');
  return me;
}
