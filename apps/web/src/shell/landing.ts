/** The default landing route (specification section 9). */
export const LANDING_PATH = '/dashboard/dashboard1';
