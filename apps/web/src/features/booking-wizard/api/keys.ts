/** Query keys of the booking wizard. */
export const wizardKeys = {
  familyMembers: ["family-members"] as const,
  products: (query: string) => ["booking-wizard", "products", query] as const,
  providers: (service: string, where: { q: string; comune: string }, from: unknown = null) =>
    ["booking-wizard", "providers", service, where, from] as const,
  pharmacies: (where: { q: string; comune: string }) => ["booking-wizard", "pharmacies", where] as const,
  companyServices: (company: string) => ["booking-wizard", "company-services", company] as const,
  attachments: (service: string) => ["booking-wizard", "attachments", service] as const,
  slots: (service: string, from: string) => ["booking-wizard", "slots", service, from] as const,
};
