import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

export type RouteHandle = { title: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

export function pageTitle(title: string | undefined): string {
  return title ? `${title} | CRM` : 'CRM';
}

function useDocumentTitle(): void {
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
