import { randomUUID } from "node:crypto";
import { ANAMNESIS_CATEGORY_LABELS, IPS_SECTIONS } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import type { HealthSubject } from "../access.ts";
import { type IpsCondition, type IpsMedication, type IpsVitalSign, ipsSources } from "../ips-sources.ts";
import { recordHealthRead } from "../read-log.ts";
import { operatorCompany, subjectOf } from "./common.ts";
import { type PersonFacts, personFacts } from "./people.ts";
import * as repository from "./repository.ts";

/**
 * `GET users/own/fhir/ips` (issue 11, beyond the spec): the person's International Patient Summary as
 * a FHIR R4 `document` Bundle. The Composition (LOINC 60591-5) comes first, then the Patient, the
 * author (the platform as an Organization) and every resource a section lists; each reference is a
 * `urn:uuid:` fullUrl inside the bundle. The four IPS sections are always present: medications
 * (10160-0), allergies (48765-2), problems (11450-4), vital signs (8716-3), with an emptyReason when
 * they have no entry; reports and documents go in a results section (30954-2) when there are any.
 * Operators of the person's companies may export it too (`?user_id=`); a caregiver with consent too.
 */

type Resource = Record<string, unknown> & { resourceType: string; id: string };
interface Entry {
  fullUrl: string;
  resource: Resource;
}

const LOINC = "http://loinc.org";
const EMPTY_REASON = "http://terminology.hl7.org/CodeSystem/list-empty-reason";
const TAX_CODE_SYSTEM = "http://hl7.it/sid/codiceFiscale";
const AIC_SYSTEM = "urn:oid:2.16.840.1.113883.2.9.6.1.5";

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** A section's narrative: a list of its entries' summaries (or the empty note). */
function narrative(lines: string[]) {
  const body =
    lines.length === 0
      ? "<p>Nessuna informazione disponibile.</p>"
      : `<ul>${lines.map((l) => `<li>${escapeXml(l)}</li>`).join("")}</ul>`;
  return { status: "generated", div: `<div xmlns="http://www.w3.org/1999/xhtml">${body}</div>` };
}

function newEntry(resource: Omit<Resource, "id">): Entry {
  const id = randomUUID();
  return { fullUrl: `urn:uuid:${id}`, resource: { ...resource, id } as Resource };
}

function patientResource(facts: PersonFacts | null): Omit<Resource, "id"> {
  return {
    resourceType: "Patient",
    ...(facts?.cf ? { identifier: [{ system: TAX_CODE_SYSTEM, value: facts.cf }] } : {}),
    name: [facts ? { family: facts.surname, given: [facts.name] } : { text: "Sconosciuto" }],
    gender: facts?.gender === "maschile" ? "male" : facts?.gender === "femminile" ? "female" : "unknown",
    ...(facts?.birthday ? { birthDate: facts.birthday } : {}),
  };
}

interface SectionSpec {
  title: string;
  code: string;
  display: string;
  entries: Entry[];
  lines: string[];
  /** Why a section is empty: nothing known, or a source the export cannot read. */
  emptyReason: "nilknown" | "unavailable";
}

function section(spec: SectionSpec) {
  return {
    title: spec.title,
    code: { coding: [{ system: LOINC, code: spec.code, display: spec.display }] },
    text: narrative(spec.lines),
    ...(spec.entries.length > 0
      ? { entry: spec.entries.map((e) => ({ reference: e.fullUrl })) }
      : { emptyReason: { coding: [{ system: EMPTY_REASON, code: spec.emptyReason }] } }),
  };
}

export async function buildIps(ctx: ModuleContext, subject: HealthSubject, now = new Date()) {
  const patient = newEntry(patientResource(await personFacts(ctx.db, subject.patientId)));
  const patientRef = { reference: patient.fullUrl };
  const author = newEntry({ resourceType: "Organization", name: "Cura" });
  const sources = ipsSources();

  const allergyRows = await repository.allAnamnesis(ctx.db, subject.patientId, ["allergie", "reazioni_farmaci"]);
  const allergies = allergyRows.map((row) =>
    newEntry({
      resourceType: "AllergyIntolerance",
      clinicalStatus: {
        coding: [{ system: "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", code: "active" }],
      },
      ...(row.category === "reazioni_farmaci" ? { category: ["medication"] } : {}),
      code: { text: row.description },
      patient: patientRef,
      recordedDate: row.createdAt.toISOString(),
      ...(row.date ? { onsetDateTime: row.date } : {}),
    }),
  );

  const vitals: IpsVitalSign[] = sources.vitalSigns ? await sources.vitalSigns(ctx.db, ctx.ids, subject) : [];
  const observations = vitals.map((v) =>
    newEntry({
      resourceType: "Observation",
      status: "final",
      category: [
        {
          coding: [{ system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "vital-signs" }],
        },
      ],
      code: { ...(v.loinc ? { coding: [{ system: LOINC, code: v.loinc, display: v.name }] } : {}), text: v.name },
      subject: patientRef,
      effectiveDateTime: v.at.toISOString(),
      valueQuantity: { value: v.value, unit: v.unit },
    }),
  );

  const problems: IpsCondition[] = sources.conditions ? await sources.conditions(ctx.db, ctx.ids, subject) : [];
  const conditions = problems.map((c) =>
    newEntry({
      resourceType: "Condition",
      clinicalStatus: {
        coding: [
          {
            system: "http://terminology.hl7.org/CodeSystem/condition-clinical",
            code: c.end && c.end < now.toISOString().slice(0, 10) ? "resolved" : "active",
          },
        ],
      },
      code: {
        ...(c.icd10 ? { coding: [{ system: "http://hl7.org/fhir/sid/icd-10", code: c.icd10 }] } : {}),
        text: c.name,
      },
      subject: patientRef,
      ...(c.start ? { onsetDateTime: c.start } : {}),
      ...(c.end ? { abatementDateTime: c.end } : {}),
    }),
  );

  const therapies: IpsMedication[] = sources.medications ? await sources.medications(ctx.db, ctx.ids, subject) : [];
  const medications = therapies.map((m) =>
    newEntry({
      resourceType: "MedicationStatement",
      status: m.active ? "active" : "completed",
      medicationCodeableConcept: { ...(m.aic ? { coding: [{ system: AIC_SYSTEM, code: m.aic }] } : {}), text: m.drug },
      subject: patientRef,
      ...(m.start ? { effectivePeriod: { start: m.start, ...(m.end ? { end: m.end } : {}) } } : {}),
      ...(m.dosage ? { dosage: [{ text: m.dosage }] } : {}),
    }),
  );

  // Reports of the viewer's reach: an operator exports their company's; the person's side every one.
  const reportRows = await repository.reportsForIps(ctx.db, subject.patientId, operatorCompany(subject));
  const documentRows = await repository.documentsForIps(ctx.db, subject.patientId);
  const documents = [
    ...reportRows.map((r) =>
      newEntry({
        resourceType: "DocumentReference",
        status: "current",
        type: { text: r.discharge ? "Lettera di dimissione" : "Referto" },
        subject: patientRef,
        date: (r.signedAt ?? r.createdAt).toISOString(),
        description: r.title,
        content: [
          {
            attachment: {
              contentType: "application/pdf",
              url: `/api/v1/clinicalreports/${ctx.ids.encode(r.id)}/file`,
              title: r.title,
            },
          },
        ],
      }),
    ),
    ...documentRows.map((d) =>
      newEntry({
        resourceType: "DocumentReference",
        status: "current",
        type: { text: "Documento" },
        subject: patientRef,
        date: d.createdAt.toISOString(),
        description: d.name,
        content: [
          {
            attachment: {
              contentType: d.mimeType,
              url: `/api/v1/patientarchives/${ctx.ids.encode(d.id)}/file`,
              title: d.name,
            },
          },
        ],
      }),
    ),
  ];

  const sections = [
    section({
      title: "Terapie farmacologiche",
      code: IPS_SECTIONS.medications,
      display: "History of Medication use Narrative",
      entries: medications,
      lines: therapies.map((m) => `${m.drug}${m.dosage ? ` — ${m.dosage}` : ""}`),
      emptyReason: sources.medications ? "nilknown" : "unavailable",
    }),
    section({
      title: "Allergie e intolleranze",
      code: IPS_SECTIONS.allergies,
      display: "Allergies and adverse reactions Document",
      entries: allergies,
      lines: allergyRows.map((r) => `${ANAMNESIS_CATEGORY_LABELS[r.category]}: ${r.description}`),
      emptyReason: "nilknown",
    }),
    section({
      title: "Problemi",
      code: IPS_SECTIONS.problems,
      display: "Problem list - Reported",
      entries: conditions,
      lines: problems.map((c) => `${c.name}${c.icd10 ? ` (${c.icd10})` : ""}`),
      emptyReason: sources.conditions ? "nilknown" : "unavailable",
    }),
    section({
      title: "Parametri vitali",
      code: IPS_SECTIONS.vitalSigns,
      display: "Vital signs",
      entries: observations,
      lines: vitals.map((v) => `${v.name}: ${v.value} ${v.unit}`),
      emptyReason: sources.vitalSigns ? "nilknown" : "unavailable",
    }),
    ...(documents.length > 0
      ? [
          section({
            title: "Referti e documenti",
            code: "30954-2",
            display: "Relevant diagnostic tests/laboratory data Narrative",
            entries: documents,
            lines: [...reportRows.map((r) => r.title), ...documentRows.map((d) => d.name)],
            emptyReason: "nilknown",
          }),
        ]
      : []),
  ];

  const composition = newEntry({
    resourceType: "Composition",
    status: "final",
    type: { coding: [{ system: LOINC, code: "60591-5", display: "Patient summary Document" }] },
    subject: patientRef,
    date: now.toISOString(),
    author: [{ reference: author.fullUrl }],
    title: "Patient Summary",
    section: sections,
  });

  return {
    resourceType: "Bundle",
    id: randomUUID(),
    identifier: { system: "urn:ietf:rfc:3986", value: `urn:uuid:${randomUUID()}` },
    type: "document",
    timestamp: now.toISOString(),
    entry: [composition, patient, author, ...medications, ...allergies, ...conditions, ...observations, ...documents],
  };
}

/** The handler's use case: the access check, the export, one line in the read log. */
export async function exportIps(ctx: ModuleContext, request: FastifyRequest, patientHashid: string | undefined) {
  const subject = await subjectOf(ctx, request, patientHashid);
  const bundle = await buildIps(ctx, subject);
  await recordHealthRead(ctx, request, subject, "riepilogo");
  return bundle;
}
