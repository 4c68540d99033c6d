import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePhotoshoot } from '../data/use-photoshoot';
import { useFlow } from '../flow-context';
import { resolveStep, type Step } from '../lifecycle';
import { flowPath, photoshootFlowBase } from '../../../shared/flow-paths';

/**
 * The photoshoot of a flow page, kept live, and the guard of that page: when the lifecycle does
 * not allow `step` (now or after a live change), the visitor is sent to the step it does allow;
 * a photoshoot opened under the other flow's base (a team's under `/photoshoot/…`) is sent to
 * its own, so a team member never lands among the individual packages.
 */
export function useFlowPage(step: Step, options: { pollMs?: number } = {}) {
  const flow = useFlow();
  const id = flow.photoshootId;
  const query = usePhotoshoot(id, options);
  const navigate = useNavigate();
  const photoshoot = query.data;
  const target = photoshoot ? resolveStep(photoshoot, step) : step;
  const base = photoshoot ? photoshootFlowBase(photoshoot) : flow.base;
  const redirecting = target !== step || base !== flow.base;

  useEffect(() => {
    if (photoshoot && redirecting) void navigate({ href: flowPath(base, target), replace: true });
  }, [photoshoot, redirecting, base, target, navigate]);

  return {
    id,
    flow,
    query,
    photoshoot: redirecting ? undefined : photoshoot,
    redirecting,
  };
}
