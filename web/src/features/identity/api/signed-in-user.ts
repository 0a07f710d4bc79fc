import { AuthUser } from '../../../lib/api/get-current-user';

/**
 * The short member that login and registration answer with; the full one comes from
 * GET /api/auth/user, which the client reads again after signing in.
 */
export const SignedInUser = AuthUser.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  roles: true,
  isAdmin: true,
});
