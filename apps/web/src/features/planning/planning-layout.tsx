import { Navigate, Outlet } from 'react-router';
import { usePlatform } from '../../lib/platform.ts';

/** The planning area exists only on brands whose profile has the planning key. */
export function PlanningLayout() {
  return usePlatform().flags.planning ? <Outlet /> : <Navigate to="/" replace />;
}
