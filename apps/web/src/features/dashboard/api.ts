import { dashboardHomeEndpoints as home } from '../../shared/api/endpoints/dashboard-home.gen.ts';
import { usersEndpoints as api } from '../../shared/api/endpoints/users.gen.ts';
import { useEndpointQuery } from '../../shared/api/hooks.ts';

/** The roles of the signed-in user; readable only with view_user (the profile carries no roles). */
export function useOwnRoles(userId: string | undefined, canRead: boolean) {
  return useEndpointQuery(api.getUser, { params: { id: userId ?? '' } }, { enabled: canRead && !!userId });
}

/** How often the landing dashboard's figures are read again while it is open. */
export const SUMMARY_REFRESH_MS = 60_000;

/**
 * The day's figures the user's permissions open: read again every minute and when the window regains focus, so a
 * dashboard left open stays current without a reload.
 */
export function useDashboardSummary() {
  return useEndpointQuery(
    home.dashboardSummary,
    {},
    { refetchInterval: SUMMARY_REFRESH_MS, refetchOnWindowFocus: true, keepPreviousData: true },
  );
}
