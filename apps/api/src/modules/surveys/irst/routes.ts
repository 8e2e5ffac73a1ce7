import {
  IRST_KINDS,
  USER_TYPES,
  ZIrstDrugBody,
  ZIrstItemParams,
  ZIrstItemResponse,
  ZIrstKeysResponse,
  ZIrstNovarBody,
  ZIrstProductBody,
  ZIrstTherapiesQuery,
  ZIrstTherapiesResponse,
  ZIrstUpdateResponse,
  ZMessage,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Access } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import * as irst from "./service.ts";

const tags = ["surveys"];
/** The patient's side writes the lists: the person, or a caregiver with the health-data consent. */
const CITIZEN: Access = { types: [USER_TYPES.citizen] };
/** Readers: the patient's side and the operators of the patient's companies (checked by the service). */
const READERS: Access = { types: [USER_TYPES.citizen, USER_TYPES.operator] };
/** The code lists are reference data of the forms, the same for everyone. */
const SIGNED_IN: Access = {};

/** IRST, the oncology therapy reconciliation (spec 002 §7; issue 13). */
export const irstRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/utilities/irst/keys",
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: "IRST code lists: frequencies, routes, prescribers, product types (code and Italian label)",
        response: { 200: ZIrstKeysResponse },
      },
    },
    async () => ({ data: irst.irstKeys() }),
  );

  app.get(
    "/activities/irst/therapies",
    {
      config: { access: READERS },
      schema: {
        tags,
        summary:
          "The IRST lists (farmaco, altro) of the caller, of an assisted person (patient) or of a patient of the operator's company; paged, newest first, with the last compilation",
        querystring: ZIrstTherapiesQuery,
        response: { 200: ZIrstTherapiesResponse },
      },
    },
    async (request) => irst.listTherapies(ctx, request, request.query),
  );

  app.post(
    "/activities/irst/farmaco",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Adds a drug (catalogue code, or 'non in elenco') to the IRST list; a duplicate is a 409",
        body: ZIrstDrugBody,
        response: { 201: ZIrstItemResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await irst.addDrug(ctx, request, request.body) }),
  );

  app.post(
    "/activities/irst/altro",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Adds another product (supplement, herbal, homeopathic…) to the IRST list; a duplicate is a 409",
        body: ZIrstProductBody,
        response: { 201: ZIrstItemResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await irst.addProduct(ctx, request, request.body) }),
  );

  app.post(
    "/activities/irst/novar",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "Records 'nessuna variazione' since the last compilation of the IRST lists",
        body: ZIrstNovarBody,
        response: { 201: ZIrstUpdateResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await irst.noVariation(ctx, request, request.body.patient) }),
  );

  for (const kind of IRST_KINDS) {
    const schema = {
      tags,
      summary: `Removes an entry of one's own (or the assisted person's) IRST ${kind} list; anyone else's is a 404`,
      params: ZIrstItemParams,
      response: { 200: ZMessage },
    };
    // The spec's call is a GET; DELETE is the proper verb beside it.
    app.get(`/activities/irst/${kind}/delete/:id`, { config: { access: CITIZEN }, schema }, (request) =>
      irst.deleteItem(ctx, request, kind, request.params.id),
    );
    app.delete(`/activities/irst/${kind}/:id`, { config: { access: CITIZEN }, schema }, (request) =>
      irst.deleteItem(ctx, request, kind, request.params.id),
    );
  }
};
