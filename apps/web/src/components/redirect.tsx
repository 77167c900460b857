import { useMemo } from 'react';
import { Navigate } from 'react-router';

/**
 * `<Navigate replace>` that navigates once. Navigate navigates again whenever its `state` is a new
 * object, and a guard makes one on every render: while the target page's code loads, each render
 * of the guard started the navigation over (on Preact, endlessly within one test's act()).
 */
export function Redirect({ to, state }: { to: string; state?: object }) {
  const json = JSON.stringify(state ?? null);
  const sameState = useMemo(() => JSON.parse(json) as object | null, [json]);
  return <Navigate to={to} replace state={sameState} />;
}
