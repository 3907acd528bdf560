import { lazy } from 'react';

/** The dashboard's charts: chart.js and react-chartjs-2 load only when they are shown (their own chunk). */
export const DashboardCharts = lazy(() => import('./components/DashboardCharts'));
