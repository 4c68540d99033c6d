import { Outlet, useParams } from '@tanstack/react-router';
import { FlowProvider } from './flow-context';
import { individualFlowBase, teamFlowBase } from '../../shared/flow-paths';

/**
 * The layout routes of the two flows: each reads its typed params and gives the pages their base
 * path. Tiny, so they stay in the route tree's chunk.
 */
export function IndividualFlowLayout() {
  const { id } = useParams({ from: '/app/photoshoot/$id' });
  return (
    <FlowProvider photoshootId={id} base={individualFlowBase(id)}>
      <Outlet />
    </FlowProvider>
  );
}

export function TeamFlowLayout() {
  const { id, photoshootId } = useParams({ from: '/app/teams/$id/photoshoots/$photoshootId' });
  return (
    <FlowProvider photoshootId={photoshootId} teamId={id} base={teamFlowBase(id, photoshootId)}>
      <Outlet />
    </FlowProvider>
  );
}
