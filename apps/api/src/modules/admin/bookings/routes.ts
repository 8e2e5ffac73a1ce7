import { ZAdminBookingsQuery, ZAdminBookingsResponse } from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleContext } from "../../../platform/module.ts";
import { PLATFORM_ADMIN } from "../companies/access-rules.ts";
import { bookingsWorkbook, fileName, XLSX_TYPE } from "./export.ts";
import { listBookings } from "./service.ts";

const tags = ["admin"];

/** The administrator's `prenotazioni` (spec 002 §2, both entries): every company's bookings, read only. */
export const adminBookingsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/admin/reservations",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: {
        tags,
        summary:
          "Every company's bookings of one section (servizi: visits, services, teleconsults; farmaci: medicine orders), filtered and paged; `export=xls` answers the whole filtered list as an Excel workbook",
        querystring: ZAdminBookingsQuery,
        response: { 200: ZAdminBookingsResponse },
      },
    },
    async (request, reply) => {
      if (request.query.export === "xls") {
        const stream = bookingsWorkbook(ctx, request.query, request.log);
        // A stream, not the page's shape: sent as it is, past the response schema's serializer.
        return reply
          .header("content-type", XLSX_TYPE)
          .header("content-disposition", `attachment; filename="${fileName(request.query.section)}"`)
          .send(stream as never);
      }
      return listBookings(ctx, request.query);
    },
  );
};
