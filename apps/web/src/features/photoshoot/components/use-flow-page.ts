import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePhotoshoot } from '../data/use-photoshoot';
import { useFlow } from '../flow-context';
import { resolveStep, type Step } from '../lifecycle';

/**
 * The photoshoot of a flow page, kept live, and the guard of that page: when the lifecycle does
 * not allow `step` (now or after a live change), the visitor is sent to the step it does allow.
 */
export function useFlowPage(step: Step, options: { pollMs?: number } = {}) {
  const flow = useFlow();
  const id = flow.photoshootId;
  const query = usePhotoshoot(id, options);
  const navigate = useNavigate();
  const photoshoot = query.data;
  const target = photoshoot ? resolveStep(photoshoot, step) : step;

  useEffect(() => {
    if (photoshoot && target !== step) void navigate({ href: flow.path(target), replace: true });
  }, [photoshoot, target, step, flow, navigate]);

  return {
    id,
    flow,
    query,
    photoshoot: target === step ? photoshoot : undefined,
    redirecting: target !== step,
  };
}
