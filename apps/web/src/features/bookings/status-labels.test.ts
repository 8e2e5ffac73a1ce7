import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from "@cura/domain";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import it_ from "../../locales/it.json";

/**
 * One label per booking status (issue 16: "Ricevuto" in the list, "Inoltrato / in attesa di risposta"
 * in the agenda). The pages say a status only through bookings.status.* (badges, history, filters,
 * the agenda's events); the API's files (PDF, XLS, ICS) through the domain's BOOKING_STATUS_LABELS.
 * The two say the same words.
 */
describe("booking status labels", () => {
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  it("are the domain's words in the Italian catalogue, and every status has one in both languages", () => {
    for (const status of BOOKING_STATUSES) {
      expect(it_.bookings.status[status]).toBe(capitalised(BOOKING_STATUS_LABELS[status]));
      expect(en.bookings.status[status]).toBeTruthy();
    }
    expect(Object.keys(it_.bookings.status).sort()).toEqual([...BOOKING_STATUSES].sort());
  });
});
