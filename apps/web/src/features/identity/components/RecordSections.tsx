import type { TUser } from "@cura/domain";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import type { Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NUMBER_VERIFICATION_PATH } from "../../../app/gate.ts";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { AslSelect } from "../../admin-settings/components/AslSelect.tsx";
import { useCreateAnagrafica } from "../api/anagrafica-new.ts";
import { useUpdateAnagrafica } from "../api/anagrafica-update.ts";
import { refreshMe } from "../api/me.ts";
import {
  type RecordForm,
  recordSchema,
  type SectionKey,
  sectionFields,
  toRecordBody,
  toRecordForm,
} from "../record.ts";
import {
  AbroadCheckbox,
  type AnyForm,
  BirthCountrySelect,
  GenderSelect,
  NameRow,
  PhoneFields,
  RegisterFields,
  ResidenceFields,
  useTaxCodeDerivation,
} from "./AnagraficaFields.tsx";

const SECTIONS: readonly SectionKey[] = ["personal", "residence", "contacts"];

/** The label of each record field, to name a problem found outside the section being edited. */
const FIELD_LABELS: Record<keyof RecordForm, TKey> = {
  title: "anagrafica.title",
  name: "anagrafica.name",
  surname: "anagrafica.surname",
  cf: "anagrafica.cf",
  gender: "anagrafica.gender",
  birthday: "anagrafica.birthday",
  nazione_nascita: "anagrafica.birthCountry",
  estero: "anagrafica.esteroShort",
  regione: "anagrafica.regione",
  provincia: "anagrafica.provincia",
  comune: "anagrafica.comune",
  cap: "anagrafica.cap",
  address: "anagrafica.address",
  prefix: "anagrafica.prefix",
  tel_number: "anagrafica.telNumber",
  prefix_secondary: "anagrafica.prefixSecondary",
  tel_number_secondary: "anagrafica.telNumberSecondary",
  home_number: "anagrafica.homeNumber",
  ts_number: "anagrafica.tsNumber",
  medico_base: "anagrafica.medicoBase",
  denominazione_asl: "anagrafica.asl",
  tipo_albo: "anagrafica.tipoAlbo",
  id_albo: "anagrafica.idAlbo",
  specializzazione: "anagrafica.specializzazione",
};

/**
 * The profile's record sections (spec 000 §2.9, §4): personal data, residence, contacts, one at a
 * time in edit mode. Save sends the whole record (PUT users/anagraphic/update) and leaves edit mode;
 * cancel leaves it and reloads the user. Without a record, one form creates it (POST …/new).
 */
export function RecordSections({ user }: { user: TUser }) {
  const [editing, setEditing] = useState<SectionKey | null>(null);
  if (!user.anagrafica) return <CreateRecord user={user} />;
  return (
    <>
      {SECTIONS.map((section) => (
        <RecordSection
          key={section}
          section={section}
          user={user}
          editing={editing === section}
          locked={editing !== null && editing !== section}
          onEdit={() => setEditing(section)}
          onDone={() => setEditing(null)}
        />
      ))}
    </>
  );
}

/** Validates the whole record; the section's own fields get their errors, the rest are listed. */
function useRecordValidation(user: TUser, fields: readonly (keyof RecordForm)[] | null) {
  const { t } = useTranslation();
  return (values: RecordForm, setError: (name: Path<RecordForm>, message: string) => void): string[] | null => {
    const result = recordSchema(user.type).safeParse(toRecordBody(values));
    if (result.success) return null;
    const others: string[] = [];
    for (const [path, message] of firstMessages(result.error.issues)) {
      if (!fields || fields.includes(path as keyof RecordForm)) setError(path as Path<RecordForm>, message);
      else others.push(labelled(t, path, message));
    }
    return others;
  };
}

function labelled(t: TFunction, path: string, message: string): string {
  const key = FIELD_LABELS[path as keyof RecordForm];
  return key ? `${t(key)}: ${message}` : message;
}

function RecordSection({
  section,
  user,
  editing,
  locked,
  onEdit,
  onDone,
}: {
  section: SectionKey;
  user: TUser;
  editing: boolean;
  locked: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titleId = `profile-${section}-title`;
  return (
    <section aria-labelledby={titleId} className="mb-5" data-testid={`profile-section-${section}`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id={titleId} className="h4 mb-0">
          {t(`profile.sections.${section}`)}
        </h2>
        {!editing ? (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={locked}
            aria-describedby={titleId}
            onClick={onEdit}
          >
            {t("profile.edit")}
          </button>
        ) : null}
      </div>
      {editing ? (
        <SectionForm section={section} user={user} onDone={onDone} />
      ) : (
        <SectionView section={section} user={user} />
      )}
    </section>
  );
}

function SectionForm({ section, user, onDone }: { section: SectionKey; user: TUser; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const update = useUpdateAnagrafica();
  const fields = sectionFields(section, user.type);
  const validate = useRecordValidation(user, fields);
  const [others, setOthers] = useState<string[]>([]);
  // The resolver only re-checks a field with an error as it changes; saving validates the whole record.
  const form = useAppForm<RecordForm>({
    defaultValues: toRecordForm(user.anagrafica),
    resolver: schemaResolver<RecordForm>(recordSchema(user.type), toRecordBody),
  });

  // Validated by hand (not handleSubmit): the rules span the whole record, not only these inputs.
  const save = async (values: RecordForm) => {
    setOthers([]);
    form.clearErrors();
    const problems = validate(values, (name, message) => form.setError(name, { type: "validate", message }));
    if (problems !== null) {
      setOthers(problems);
      return;
    }
    const before = user.anagrafica;
    try {
      const fresh = await update.mutateAsync(toRecordBody(values));
      alerts.success(t("profile.saved"));
      const phoneChanged =
        before?.tel_number !== fresh.anagrafica?.tel_number || before?.prefix !== fresh.anagrafica?.prefix;
      if (phoneChanged && !fresh.number_verified_at) alerts.warning(t("profile.phoneToVerify"));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.errors)) {
          if (fields.includes(path as keyof RecordForm))
            form.setError(path as Path<RecordForm>, { type: "server", message: messages.join(" ") });
          else rest.push(...messages.map((message) => labelled(t, path, message)));
        }
        setOthers(rest.length > 0 || Object.keys(error.errors).length > 0 ? rest : [error.message]);
      } else setOthers([isApiError(error) ? error.message : t("errors.unexpected")]);
    }
  };

  const cancel = () => {
    onDone();
    void refreshMe(queryClient).catch(() => undefined);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!update.isPending) void save(form.getValues());
      }}
    >
      <SectionInputs section={section} form={form as unknown as AnyForm} user={user} />
      {others.length > 0 ? (
        <FormMessage kind="error">
          <p className="mb-1">{t("profile.otherProblems")}</p>
          <ul className="mb-0">
            {others.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t("profile.save")}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={update.isPending}>
          {t("profile.cancel")}
        </button>
      </div>
    </form>
  );
}

function SectionInputs({ section, form, user }: { section: SectionKey; form: AnyForm; user: TUser }) {
  if (section === "personal") return <PersonalInputs form={form} user={user} />;
  if (section === "residence") return <ResidenceInputs form={form} />;
  return <ContactInputs form={form} user={user} />;
}

function errorOf(form: AnyForm, name: string): string | undefined {
  const error = form.formState.errors[name];
  return typeof error?.message === "string" ? error.message : undefined;
}

function PersonalInputs({ form, user }: { form: AnyForm; user: TUser }) {
  const { t } = useTranslation();
  const birthPlace = useTaxCodeDerivation(form, "");
  return (
    <>
      <NameRow form={form} base="" />
      <TextField
        label={t("anagrafica.cf")}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        error={errorOf(form, "cf")}
        {...form.register("cf")}
      />
      {birthPlace ? (
        <p className="small">
          {t("anagrafica.birthPlace")}: <strong>{birthPlace}</strong>
        </p>
      ) : null}
      <div className="row">
        <div className="col-12 col-md-4">
          <GenderSelect form={form} base="" />
        </div>
        <TextField
          wrapperClassName="col-12 col-md-4"
          label={t("anagrafica.birthday")}
          type="date"
          autoComplete="bday"
          error={errorOf(form, "birthday")}
          {...form.register("birthday")}
        />
        <div className="col-12 col-md-4">
          <BirthCountrySelect form={form} base="" />
        </div>
      </div>
      {user.type === 0 ? (
        <>
          <TextField
            label={t("anagrafica.tsNumber")}
            hint={t("anagrafica.tsNumberHint")}
            maxLength={20}
            error={errorOf(form, "ts_number")}
            {...form.register("ts_number")}
          />
          <TextField
            label={t("anagrafica.medicoBase")}
            error={errorOf(form, "medico_base")}
            {...form.register("medico_base")}
          />
          {/* A choice among the ASL of the citizen's region (issue 14); an older free text stays shown. */}
          <AslSelect
            regione={user.anagrafica?.regione}
            current={user.anagrafica?.denominazione_asl}
            error={errorOf(form, "denominazione_asl")}
            registration={form.register("denominazione_asl")}
          />
        </>
      ) : null}
      {user.type === 1 ? <RegisterFields form={form} base="" /> : null}
    </>
  );
}

function ResidenceInputs({ form }: { form: AnyForm }) {
  const abroad = form.watch("estero") === true;
  return (
    <>
      <AbroadCheckbox form={form} base="" />
      <ResidenceFields form={form} base="" abroad={abroad} />
    </>
  );
}

function ContactInputs({ form, user }: { form: AnyForm; user: TUser }) {
  const { t } = useTranslation();
  return (
    <>
      <PhoneFields
        form={form}
        prefixName="prefix"
        numberName="tel_number"
        prefixLabel={t("anagrafica.prefix")}
        label={t("anagrafica.telNumber")}
      />
      {user.type === 0 ? (
        <>
          <PhoneFields
            form={form}
            prefixName="prefix_secondary"
            numberName="tel_number_secondary"
            prefixLabel={t("anagrafica.prefixSecondary")}
            label={t("anagrafica.telNumberSecondary")}
            autoComplete="off"
          />
          <TextField
            label={t("anagrafica.homeNumber")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            error={errorOf(form, "home_number")}
            {...form.register("home_number")}
          />
        </>
      ) : null}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8 text-break">{children || "—"}</dd>
    </>
  );
}

function SectionView({ section, user }: { section: SectionKey; user: TUser }) {
  const { t } = useTranslation();
  const a = user.anagrafica;
  if (!a) return null;
  if (section === "personal") {
    return (
      <dl className="row mb-0">
        <Row label={t("anagrafica.title")}>{a.title}</Row>
        <Row label={t("anagrafica.name")}>{a.name}</Row>
        <Row label={t("anagrafica.surname")}>{a.surname}</Row>
        <Row label={t("anagrafica.cf")}>{a.cf}</Row>
        <Row label={t("anagrafica.gender")}>{a.gender ? t(`anagrafica.genders.${a.gender}`) : null}</Row>
        <Row label={t("anagrafica.birthday")}>{a.birthday ? formatDate(a.birthday) : null}</Row>
        <Row label={t("anagrafica.birthCountry")}>{a.nazione_nascita}</Row>
        {user.type === 0 ? (
          <>
            <Row label={t("anagrafica.tsNumber")}>{a.ts_number}</Row>
            <Row label={t("anagrafica.medicoBase")}>{a.medico_base}</Row>
            <Row label={t("anagrafica.asl")}>{a.denominazione_asl}</Row>
          </>
        ) : null}
        {user.type === 1 ? (
          <>
            <Row label={t("anagrafica.tipoAlbo")}>{a.tipo_albo}</Row>
            <Row label={t("anagrafica.idAlbo")}>{a.id_albo}</Row>
            <Row label={t("anagrafica.specializzazione")}>{a.specializzazione}</Row>
          </>
        ) : null}
      </dl>
    );
  }
  if (section === "residence") {
    return (
      <dl className="row mb-0">
        <Row label={t("anagrafica.esteroShort")}>{a.estero ? t("common.yes") : t("common.no")}</Row>
        {!a.estero ? <Row label={t("anagrafica.regione")}>{a.regione}</Row> : null}
        <Row label={t("anagrafica.provincia")}>{a.provincia}</Row>
        <Row label={t("anagrafica.comune")}>{a.comune}</Row>
        <Row label={t("anagrafica.address")}>{a.address}</Row>
        <Row label={t("anagrafica.cap")}>{a.cap}</Row>
      </dl>
    );
  }
  return (
    <dl className="row mb-0">
      <Row label={t("anagrafica.email")}>{user.email}</Row>
      <Row label={t("anagrafica.telNumber")}>
        {a.tel_number ? (
          <>
            {a.prefix} {a.tel_number}{" "}
            {user.number_verified_at ? (
              <span className="small">({t("home.account.verified")})</span>
            ) : (
              <Link to={NUMBER_VERIFICATION_PATH} className="small">
                {t("profile.verifyNumber")}
              </Link>
            )}
          </>
        ) : null}
      </Row>
      {user.type === 0 ? (
        <>
          <Row label={t("anagrafica.telNumberSecondary")}>
            {a.tel_number_secondary ? `${a.prefix_secondary} ${a.tel_number_secondary}` : null}
          </Row>
          <Row label={t("anagrafica.homeNumber")}>{a.home_number}</Row>
        </>
      ) : null}
    </dl>
  );
}

/** An ISO date (YYYY-MM-DD) the Italian way: 01/02/1980. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

function CreateRecord({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const create = useCreateAnagrafica();
  const validate = useRecordValidation(user, null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useAppForm<RecordForm>({
    defaultValues: toRecordForm(null),
    resolver: schemaResolver<RecordForm>(recordSchema(user.type), toRecordBody),
  });
  const anyForm = form as unknown as AnyForm;

  const save = async (values: RecordForm) => {
    setProblem(null);
    form.clearErrors();
    if (validate(values, (name, message) => form.setError(name, { type: "validate", message })) !== null) return;
    try {
      await create.mutateAsync(toRecordBody(values));
      alerts.success(t("profile.created"));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        for (const [path, messages] of Object.entries(error.errors))
          form.setError(path as Path<RecordForm>, { type: "server", message: messages.join(" ") });
      }
      setProblem(isApiError(error) ? error.message : t("errors.unexpected"));
    }
  };

  return (
    <section aria-labelledby="profile-create-title" className="mb-5">
      <h2 id="profile-create-title" className="h4">
        {t("profile.createTitle")}
      </h2>
      <p>{t("profile.createLead")}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) void save(form.getValues());
        }}
      >
        <h3 className="h5 mt-4">{t("profile.sections.personal")}</h3>
        <PersonalInputs form={anyForm} user={user} />
        <h3 className="h5 mt-4">{t("profile.sections.residence")}</h3>
        <ResidenceInputs form={anyForm} />
        <h3 className="h5 mt-4">{t("profile.sections.contacts")}</h3>
        <ContactInputs form={anyForm} user={user} />
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t("profile.create")}
        </button>
      </form>
    </section>
  );
}
