import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "../../app/providers.tsx";
import { AlertCentre } from "../../ui/alerts/index.ts";

/** Renders one component with the app's providers and a memory router (tests only). */
export function renderWithProviders(ui: ReactNode, path = "/cittadino") {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <AlertCentre />
            {ui}
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
