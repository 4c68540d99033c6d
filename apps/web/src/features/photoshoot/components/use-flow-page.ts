import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePhotoshoot } from '../data/use-photoshoot';
import { resolveStep, type Step } from '../lifecycle';

/**
 * The photoshoot of a flow page, kept live, and the guard of that page: when the lifecycle does
 * not allow `step` (now or after a live change), the visitor is sent to the step it does allow.
 */
export function useFlowPage(step: Step, options: { pollMs?: number } = {}) {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id ?? '';
  const query = usePhotoshoot(id, options);
  const navigate = useNavigate();
  const photoshoot = query.data;
  const target = photoshoot ? resolveStep(photoshoot, step) : step;

  useEffect(() => {
    if (photoshoot && target !== step) {
      void navigate({ to: `/photoshoot/$id/${target}`, params: { id }, replace: true });
    }
  }, [photoshoot, target, step, id, navigate]);

  return { id, query, photoshoot: target === step ? photoshoot : undefined, redirecting: target !== step };
}
