// Signed-in pages, one lazy chunk.
export { DashboardPage } from './dashboard-page';
export { NewProfilePage } from './new-profile-page';
export { SettingsPage } from './settings-page';
