import {
  ACCESS_COLUMNS,
  AUDIT_COLUMNS,
  NOTIFICATION_COLUMNS,
  SAVED_SEARCH_COLUMNS,
  accessRequestRows,
  auditRows,
  notificationRows,
  savedSearchRows,
} from './activity';
import {
  CHAT_COLUMNS,
  MESSAGE_COLUMNS,
  MISSED_EMAIL_COLUMNS,
  chatRows,
  messageRows,
  missedEmailRows,
} from './chats';
import type { Cell } from './copy';
import type { ListingCounters } from './counters';
import { DEAL_COLUMNS, LOI_COLUMNS, dealRows, loiRows, type DealSpec } from './deals';
import { FAVORITE_COLUMNS, OFFER_COLUMNS, favoriteRows, offerRows } from './engagement';
import { HISTORY_COLUMNS, LISTING_COLUMNS, listingRows, statusHistoryRows, type ImageSet } from './listings';
import type { Layout, Plan } from './plan';
import {
  ADVISOR_COLUMNS,
  ADVISOR_TYPE_COLUMNS,
  USER_COLUMNS,
  advisorRows,
  advisorTypeRows,
  userRows,
} from './users';
import { DAILY_VIEW_COLUMNS, VIEWER_COLUMNS, dailyViewRows, viewerRows } from './views';

export interface Step {
  table: string;
  columns: readonly string[];
  rows: () => Iterable<Cell[]>;
  expected: number;
  /** Which of the two loading connections takes it (balanced by measured time at factor 0.1). */
  lane: 0 | 1;
}

export interface StepInputs {
  plan: Plan;
  layout: Layout;
  deals: DealSpec[];
  counters: ListingCounters;
  pool: ImageSet[];
  passwordHash: string;
}

/** In foreign-key order: parents first, which matters when the checks cannot be skipped. */
export function loadSteps({ plan, layout, deals, counters, pool, passwordHash }: StepInputs): Step[] {
  const step = (
    table: string,
    columns: readonly string[],
    rows: () => Iterable<Cell[]>,
    expected: number,
    lane: 0 | 1,
  ): Step => ({
    table,
    columns,
    rows,
    expected,
    lane,
  });
  return [
    step('users', USER_COLUMNS, () => userRows(plan, passwordHash), plan.users + 1, 1),
    step('advisor_profiles', ADVISOR_COLUMNS, () => advisorRows(plan), Math.round(plan.users * 0.05), 1),
    step(
      'advisor_business_types',
      ADVISOR_TYPE_COLUMNS,
      () => advisorTypeRows(plan),
      Math.round(plan.users * 0.067),
      1,
    ),
    step('opportunities', LISTING_COLUMNS, () => listingRows(plan, pool, counters), plan.listings, 0),
    step('opportunity_status_history', HISTORY_COLUMNS, () => statusHistoryRows(plan), plan.listings, 1),
    step('favorites', FAVORITE_COLUMNS, () => favoriteRows(plan, layout), plan.favorites, 1),
    step('offers', OFFER_COLUMNS, () => offerRows(plan, layout, deals), plan.offers, 1),
    step('deals', DEAL_COLUMNS, () => dealRows(deals), deals.length, 1),
    step('deal_lois', LOI_COLUMNS, () => loiRows(deals), deals.length, 1),
    step('chats', CHAT_COLUMNS, () => chatRows(plan, layout), plan.chats, 1),
    step('chat_messages', MESSAGE_COLUMNS, () => messageRows(plan, layout), plan.messages, 1),
    step(
      'chat_missed_emails',
      MISSED_EMAIL_COLUMNS,
      () => missedEmailRows(plan, layout),
      Math.round(plan.chats * 0.3),
      1,
    ),
    step('saved_searches', SAVED_SEARCH_COLUMNS, () => savedSearchRows(plan), plan.savedSearches, 1),
    step('notifications', NOTIFICATION_COLUMNS, () => notificationRows(plan, layout), plan.notifications, 0),
    step('opportunity_viewers', VIEWER_COLUMNS, () => viewerRows(plan, layout), plan.views, 1),
    step(
      'opportunity_daily_views',
      DAILY_VIEW_COLUMNS,
      () => dailyViewRows(plan, layout),
      Math.round(plan.views * 0.73),
      0,
    ),
    step('access_requests', ACCESS_COLUMNS, () => accessRequestRows(plan, layout), plan.accessRequests, 0),
    step('audit_log', AUDIT_COLUMNS, () => auditRows(plan), plan.audit, 1),
  ];
}
