import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/errors';
import { photoshootQuery } from '../../../shared/data/photoshoot-api';
import { Alert, LoadingBlock } from '../../../ui';
import { teamShootHref } from './member-status';

/** `/teams/{id}/photoshoots/{photoshootId}`: the step the photoshoot is at. */
export function TeamFlowHomePage() {
  const { id, photoshootId } = useParams({ from: '/app/teams/$id/photoshoots/$photoshootId/' });
  const shoot = useQuery(photoshootQuery(photoshootId));
  const navigate = useNavigate();
  const target = shoot.data ? teamShootHref(id, shoot.data) : '';
  useEffect(() => {
    if (target) void navigate({ href: target, replace: true });
  }, [target, navigate]);
  if (shoot.isError) {
    return (
      <Alert tone="error" title="Photoshoot not found">
        {errorMessage(shoot.error)}
      </Alert>
    );
  }
  return <LoadingBlock label="Opening your photoshoot…" />;
}
