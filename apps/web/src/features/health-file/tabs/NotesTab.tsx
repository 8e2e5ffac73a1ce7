import {
  ANAMNESIS_CATEGORIES,
  type AnamnesisCategory,
  type TAnnotation,
  ZAnamnesisBody,
  ZAnnotationBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { RadioGroup, SelectField, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import {
  useAddAnamnesis,
  useAnamnesis,
  useDeleteAnamnesis,
  useDeleteNote,
  useNotes,
  useSaveNote,
} from "../api/records.ts";
import { QueryState } from "../components/Loading.tsx";
import { TextAreaField } from "../components/TextAreaField.tsx";
import { formatDay, formatDayTime } from "../format.ts";
import type { HealthTabProps } from "../types.ts";

const SOAP_FIELDS = ["subjective", "objective", "assessment", "plan", "other"] as const;

/** Notes and anamnesis (spec 001 screen 20): the anamnesis by category; the operators' notes. */
export default function NotesTab({ area, patientHash }: HealthTabProps) {
  const { user } = useSession();
  const subject = patientHash ?? user?.hashid ?? "";
  return (
    <div>
      <Anamnesis subject={subject} patientHash={patientHash} />
      <Notes area={area} patientHash={patientHash} />
    </div>
  );
}

function Anamnesis({ subject, patientHash }: { subject: string; patientHash: string | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [category, setCategory] = useState<AnamnesisCategory | "">("");
  const entries = useAnamnesis(subject, category);
  const add = useAddAnamnesis();
  const remove = useDeleteAnamnesis();
  const [form, setForm] = useState({ category: "allergie", description: "", date: "" });
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const options = ANAMNESIS_CATEGORIES.map((c) => ({ value: c, label: t(`healthFile.categories.${c}`) }));
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAnamnesisBody.safeParse({
      ...(patientHash ? { user_id: patientHash } : {}),
      category: form.category,
      description: form.description,
      date: form.date || null,
    });
    setErrors(parsed.success ? new Map() : firstMessages(parsed.error.issues));
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        alerts.success(t("healthFile.notes.add"));
        setForm({ ...form, description: "", date: "" });
      },
      onError: fail,
    });
  };

  return (
    <section aria-labelledby="anamnesis-title" className="mb-5">
      <h2 id="anamnesis-title" className="h4">
        {t("healthFile.notes.anamnesis")}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mb-3">
        <div className="row">
          <SelectField
            wrapperClassName="col-md-4"
            label={t("healthFile.notes.category")}
            value={form.category}
            options={options}
            error={errors.get("category")}
            onChange={(e) => setForm({ ...form, category: e.target.value })}
          />
          <TextField
            wrapperClassName="col-md-5"
            label={t("healthFile.notes.description")}
            value={form.description}
            error={errors.get("description")}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <TextField
            wrapperClassName="col-md-3"
            type="date"
            label={t("healthFile.notes.date")}
            value={form.date}
            error={errors.get("date")}
            onChange={(e) => setForm({ ...form, date: e.target.value })}
          />
        </div>
        <Button type="submit" color="primary" outline disabled={add.isPending}>
          {t("healthFile.notes.add")}
        </Button>
      </form>
      <SelectField
        wrapperClassName="col-md-4"
        label={t("healthFile.notes.category")}
        value={category}
        placeholder={t("healthFile.notes.allCategories")}
        options={options}
        onChange={(e) => setCategory(e.target.value as AnamnesisCategory | "")}
      />
      <QueryState pending={entries.isPending} error={entries.error} />
      {entries.data?.data.length === 0 ? <p>{t("healthFile.notes.emptyAnamnesis")}</p> : null}
      {entries.data && entries.data.data.length > 0 ? (
        <ul className="list-group" data-testid="anamnesis-entries">
          {entries.data.data.map((entry) => (
            <li key={entry.id} className="list-group-item d-flex justify-content-between gap-2">
              <span>
                <span className="fw-semibold">{t(`healthFile.categories.${entry.category}`)}</span>: {entry.description}
                <span className="d-block small text-muted">
                  {[entry.date ? formatDay(entry.date) : null, entry.author].filter(Boolean).join(" · ")}
                </span>
              </span>
              {entry.own ? (
                <RowAction
                  danger
                  label={t("healthFile.notes.deleteEntryOf", { description: entry.description })}
                  onClick={() => remove.mutate(entry.id, { onError: fail })}
                >
                  {t("healthFile.delete")}
                </RowAction>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Notes({ area, patientHash }: { area: HealthTabProps["area"]; patientHash: string | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const notes = useNotes(patientHash);
  const remove = useDeleteNote();
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title" className="h4">
        {t("healthFile.notes.notes")}
      </h2>
      {area === "operatore" && patientHash ? <NoteForm patientHash={patientHash} /> : null}
      <QueryState pending={notes.isPending} error={notes.error} />
      {notes.data?.data.length === 0 ? <p>{t("healthFile.notes.emptyNotes")}</p> : null}
      {notes.data && notes.data.data.length > 0 ? (
        <ul className="list-group" data-testid="health-notes">
          {notes.data.data.map((note) => (
            <li key={note.id} className="list-group-item" data-testid="health-note">
              <NoteBody note={note} />
              <span className="d-flex justify-content-between align-items-center mt-1">
                <span className="small text-muted">
                  {t("healthFile.notes.by", {
                    author: note.author ?? "—",
                    company: note.company ?? "—",
                    date: formatDayTime(note.created_at),
                  })}
                  {area === "operatore"
                    ? ` · ${note.visible ? t("healthFile.notes.visible") : t("healthFile.notes.hidden")}`
                    : ""}
                </span>
                {note.own ? (
                  <RowAction
                    danger
                    label={t("healthFile.notes.deleteNoteOf", { date: formatDayTime(note.created_at) })}
                    onClick={() => remove.mutate(note.id, { onError: fail })}
                  >
                    {t("healthFile.delete")}
                  </RowAction>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function NoteBody({ note }: { note: TAnnotation }) {
  const { t } = useTranslation();
  if (note.kind === "semplice") return <p className="mb-0">{note.text}</p>;
  return (
    <dl className="mb-0">
      {SOAP_FIELDS.filter((f) => note[f]).map((f) => (
        <div key={f}>
          <dt className="small">{t(`healthFile.notes.${f}`)}</dt>
          <dd className="mb-1">{note[f]}</dd>
        </div>
      ))}
    </dl>
  );
}

function NoteForm({ patientHash }: { patientHash: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const save = useSaveNote();
  const empty = { text: "", subjective: "", objective: "", assessment: "", plan: "", other: "" };
  const [kind, setKind] = useState<"semplice" | "soap">("semplice");
  const [visible, setVisible] = useState("true");
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAnnotationBody.safeParse({ kind, visible: visible === "true", ...fields });
    setErrors(parsed.success ? new Map() : firstMessages(parsed.error.issues));
    if (!parsed.success) return;
    save.mutate(
      { patientHash, body: parsed.data },
      {
        onSuccess: () => {
          alerts.success(t("healthFile.notes.save"));
          setFields(empty);
        },
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mb-4" aria-labelledby="note-form-title">
      <h3 id="note-form-title" className="h5">
        {t("healthFile.notes.write")}
      </h3>
      <RadioGroup
        legend={t("healthFile.notes.kind")}
        name="note-kind"
        value={kind}
        options={[
          { value: "semplice", label: t("healthFile.notes.simple") },
          { value: "soap", label: t("healthFile.notes.soap") },
        ]}
        onChange={(v) => setKind(v as "semplice" | "soap")}
      />
      {kind === "semplice" ? (
        <TextAreaField
          label={t("healthFile.notes.text")}
          value={fields.text}
          error={errors.get("text")}
          onChange={(e) => setFields({ ...fields, text: e.target.value })}
        />
      ) : (
        SOAP_FIELDS.map((f) => (
          <TextAreaField
            key={f}
            rows={2}
            label={t(`healthFile.notes.${f}`)}
            value={fields[f]}
            error={errors.get(f)}
            onChange={(e) => setFields({ ...fields, [f]: e.target.value })}
          />
        ))
      )}
      <RadioGroup
        legend={t("healthFile.notes.visibility")}
        name="note-visibility"
        value={visible}
        options={[
          { value: "true", label: t("healthFile.notes.visible") },
          { value: "false", label: t("healthFile.notes.hidden") },
        ]}
        onChange={setVisible}
      />
      <Button type="submit" color="primary" disabled={save.isPending}>
        {t("healthFile.notes.save")}
      </Button>
    </form>
  );
}
