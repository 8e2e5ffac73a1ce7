import { PRODUCT_MESSAGES } from "@cura/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { type ProductLine, ProductSearch } from "./ProductSearch.tsx";

const tachipirina = {
  code: "CP0001",
  name: "Tachipirina",
  active_ingredient: "paracetamolo",
  package: "20 compresse 500 mg",
  prescription_required: false,
};

function Harness() {
  const [lines, setLines] = useState<ProductLine[]>([]);
  return <ProductSearch lines={lines} onChange={setLines} />;
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

describe("ProductSearch (spec 001 §5: 3 characters at least)", () => {
  it("does not search under 3 characters, then searches and adds a product with its quantity", async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/utilities/products/") ? { status: 200, body: { data: [tachipirina] } } : undefined,
    );
    renderSearch();
    const input = screen.getByLabelText("Cerca farmaco o prodotto");
    fireEvent.change(input, { target: { value: "ta" } });
    expect(await screen.findByText(PRODUCT_MESSAGES.tooShort)).toBeTruthy();
    // Give a query a chance to start: none must.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.url.includes("utilities/products"))).toHaveLength(0);

    fireEvent.change(input, { target: { value: "tac" } });
    const add = await screen.findByRole("button", { name: "Aggiungi Tachipirina 20 compresse 500 mg" });
    expect(calls.map((c) => c.url)).toContain("/api/v1/utilities/products/tac/search");
    expect(screen.queryByText(PRODUCT_MESSAGES.tooShort)).toBeNull();

    fireEvent.click(add);
    expect(screen.getAllByTestId("product-line")).toHaveLength(1);
    await waitFor(() => expect(add.hasAttribute("disabled")).toBe(true));
    const quantity = screen.getByLabelText("Quantità di Tachipirina 20 compresse 500 mg") as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: "3" } });
    expect(quantity.value).toBe("3");
    fireEvent.change(quantity, { target: { value: "50" } });
    expect(quantity.value).toBe("10");
    fireEvent.click(screen.getByRole("button", { name: "Rimuovi Tachipirina 20 compresse 500 mg" }));
    expect(screen.queryAllByTestId("product-line")).toHaveLength(0);
  });

  it("says when nothing is found", async () => {
    mockFetch((call) => (call.url.includes("utilities/products") ? { status: 200, body: { data: [] } } : undefined));
    renderSearch();
    fireEvent.change(screen.getByLabelText("Cerca farmaco o prodotto"), { target: { value: "zzzz" } });
    expect(await screen.findByText(PRODUCT_MESSAGES.none)).toBeTruthy();
  });
});
