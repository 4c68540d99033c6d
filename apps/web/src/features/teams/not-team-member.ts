/**
 * Thrown by the team guard when the signed-in user has no membership of the team (or the team
 * does not exist: the rules hide both the same way, so the page cannot tell them apart either).
 */
export class NotTeamMemberError extends Error {
  constructor(readonly teamId: string) {
    super('Not a member of this team.');
    this.name = 'NotTeamMemberError';
  }
}
