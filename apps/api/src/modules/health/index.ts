// The health module's public surface for OTHER modules (docs/architecture.md "Boundaries"). Each part
// of the module (measurements: hm, therapies: ht, records: hr) adds its export lines here.
export { type HealthSubject, type HealthViewer, healthSubject } from "./access.ts";
// The administrators keep the parameters catalogue (issue 14: GET one, POST, PUT, DELETE exams, routes of the admin module).
export { createExam, deleteExam, readExam, updateExam } from "./measurements/exam-admin.ts";
// Measurements (hm): the surveys' scoring stores scores here (issue 10); the alert job reads health_events.
// An edited or deleted fill corrects or removes the point it wrote (replaceScore, by its sourceRef).
export { recordScore, replaceScore } from "./measurements/scores.ts";
export { recordHealthRead } from "./read-log.ts";
