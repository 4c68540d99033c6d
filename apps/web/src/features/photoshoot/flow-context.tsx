import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { flowPath } from '../../shared/flow-paths';
import type { Step } from './lifecycle';

/** The flow a page is rendered in: which photoshoot, and the base its step links hang from. */
export type Flow = {
  photoshootId: string;
  base: string;
  /** Set in the team member flow. */
  teamId?: string;
  path(step: Step, search?: Record<string, string | undefined>): string;
};

const FlowContext = createContext<Flow | null>(null);

/** Given by the flow's layout route (individual or team) from its typed params. */
export function FlowProvider({
  photoshootId,
  base,
  teamId,
  children,
}: {
  photoshootId: string;
  base: string;
  teamId?: string;
  children: ReactNode;
}) {
  const flow = useMemo<Flow>(
    () => ({ photoshootId, base, teamId, path: (step, search) => flowPath(base, step, search) }),
    [photoshootId, base, teamId],
  );
  return <FlowContext.Provider value={flow}>{children}</FlowContext.Provider>;
}

/** The current flow; a flow page outside a flow route is a wiring bug, so it throws. */
export function useFlow(): Flow {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('useFlow: the page is not under a photoshoot flow route');
  return flow;
}
