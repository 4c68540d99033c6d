/** The signed-in account pages, each its own lazy chunk. */
export const pages = {
  dashboard: () => import('./dashboard-page').then((m) => m.DashboardPage),
  newProfile: () => import('./new-profile-page').then((m) => m.NewProfilePage),
  settings: () => import('./settings-page').then((m) => m.SettingsPage),
};
