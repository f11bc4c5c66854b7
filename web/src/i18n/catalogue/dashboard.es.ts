/** UI text of the dashboard screen (merged into the catalogue by messages.es.ts). */
export const dashboardMessages = {
  'dashboard.filterRequired': 'Parametriza el filtro',
} as const;
