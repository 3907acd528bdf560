/** Product shown on the admin login banner until company branding is loaded after sign-in. */
export const PRODUCT = {
  name: 'ACW',
  iconUrl: '/favicon.svg',
};
