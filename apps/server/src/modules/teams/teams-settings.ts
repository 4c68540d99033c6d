/**
 * The `teams` settings section: what a team may do that costs the service something before (or
 * without) a payment: test shoots rendered for nothing and invitation mails sent in its name.
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';

export type TeamsSettings = {
  /** Test shoots a team with paid seats may submit per 24 hours (a team with none gets one, ever). */
  testShootsPerDay: number;
  /** Invitation mails one team may send per 24 hours. */
  invitesPerTeamPerDay: number;
  /** Invitation mails one account may send per 24 hours, over all its teams. */
  invitesPerAccountPerDay: number;
};

export function defaultTeamsSettings(): TeamsSettings {
  return { testShootsPerDay: 3, invitesPerTeamPerDay: 200, invitesPerAccountPerDay: 300 };
}

type Add = (field: string, code: string, message: string) => void;

export function validateTeamsSettings(s: TeamsSettings, add: Add): void {
  const whole = (field: keyof TeamsSettings, max: number) => {
    if (!Number.isInteger(s[field]) || s[field] < 0 || s[field] > max)
      add(field, 'validation_invalid_value', `Must be a whole number from 0 to ${max}.`);
  };
  whole('testShootsPerDay', 100);
  whole('invitesPerTeamPerDay', 10000);
  whole('invitesPerAccountPerDay', 10000);
}

/** The `teams` section, registered by its module. */
export const teamsSettingsSection: SettingsSection<TeamsSettings> = {
  name: 'teams',
  defaults: defaultTeamsSettings,
  validate: validateTeamsSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    teams: TeamsSettings;
  }
}
