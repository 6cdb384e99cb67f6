/** Analytics Dashboard (spec 2.14): the employer's embedded external dashboards. */
export { AnalyticsPage } from './analytics-page';
