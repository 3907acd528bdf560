// The users feature's public face: routes, layouts and other features import only from here.
export { useAddUser, useApproveUser, useDeleteUser, useResetTwoFactor, usersQueryOptions, useUpdateUser } from './api/users';
export { AddUserDialog, ChangeRoleDialog, UpdateUserDialog } from './components/UserDialogs';
export { userColumns } from './components/userColumns';
