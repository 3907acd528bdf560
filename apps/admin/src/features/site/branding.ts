/**
 * The platform, shown where no company is: the super admin sign-in page, and the admin sign-in page
 * on a host that is no company's own address (until the signed-in admin's company brands the app).
 */
export const PRODUCT = {
  name: 'Prelaunch',
  iconUrl: '/favicon.svg',
};
