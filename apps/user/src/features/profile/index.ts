// The profile feature's public face: routes, layouts and other features import only from here.
export { profileKeys, profileQueryOptions } from './api/profile';
export { ProfileForm } from './components/ProfileForm';
export { walletKeys, walletQueryOptions } from './api/wallet';
export { WalletSection } from './components/WalletSection';
