import { SURVEY_FILE_TYPES, SURVEY_LIMITS, type TSurveyAnswer, type TSurveyQuestion } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";

export type UploadFile = (file: File) => Promise<{ hashid: string; name: string }>;

interface FileAnswerProps {
  question: TSurveyQuestion;
  answer: TSurveyAnswer;
  onChange: (answer: TSurveyAnswer) => void;
  uploadFile?: UploadFile | undefined;
  /** Names of uploaded files by hashid (a resumed draft may lack them). */
  names: Record<string, string>;
  onNamed: (hashid: string, name: string) => void;
  onBusy: (busy: boolean) => void;
}

/** "image/jpeg" → "JPEG": the format's name, which is the same in every language. */
const formatName = (mime: string) => (mime.split("/")[1] ?? mime).toUpperCase();

/**
 * A file question: the files go up as soon as they are picked (through the caller's `uploadFile`,
 * so the player knows no API) and the answer holds their hashids, one or, with `fm`, several.
 */
export function FileAnswer({ question, answer, onChange, uploadFile, names, onNamed, onBusy }: FileAnswerProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const accepted = question.fa && question.fa.length > 0 ? question.fa : SURVEY_FILE_TYPES;
  const files = Array.isArray(answer) ? answer : answer ? [answer] : [];
  const several = question.fm === true;
  // One file, or up to the limit with `fm`: the picker goes once there is no room left.
  const room = (several ? SURVEY_LIMITS.filesPerAnswerMax : 1) - files.length;

  const pick = async (list: FileList | null) => {
    const picked = [...(list ?? [])].slice(0, Math.max(room, 0));
    if (picked.length === 0 || !uploadFile) return;
    setUploading(true);
    setFailed(false);
    onBusy(true);
    try {
      const done = [];
      for (const file of picked) done.push(await uploadFile(file));
      for (const d of done) onNamed(d.hashid, d.name);
      const hashids = done.map((d) => d.hashid);
      onChange(several ? [...files, ...hashids] : (hashids[0] ?? null));
    } catch {
      setFailed(true);
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };

  const remove = (hashid: string) => {
    const rest = files.filter((f) => f !== hashid);
    onChange(several ? (rest.length > 0 ? rest : null) : null);
  };

  return (
    <div>
      {files.length > 0 ? (
        <>
          <p className="fw-semibold mb-1">{t("surveys.player.uploaded")}</p>
          <ul className="list-unstyled">
            {files.map((hashid) => {
              const name = names[hashid] ?? t("surveys.player.uploadedFile");
              return (
                <li key={hashid} className="d-flex align-items-center gap-2 mb-1">
                  <span>{name}</span>
                  <Button
                    type="button"
                    color="danger"
                    outline
                    size="xs"
                    onClick={() => remove(hashid)}
                    aria-label={t("surveys.player.removeFile", { name })}
                  >
                    {t("surveys.player.remove")}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {room > 0 ? (
        <TextField
          type="file"
          label={several ? t("surveys.player.files") : t("surveys.player.file")}
          hint={t("surveys.player.fileTypes", { types: accepted.map(formatName).join(", ") })}
          accept={accepted.join(",")}
          multiple={several}
          disabled={uploading || !uploadFile}
          error={failed ? t("surveys.player.uploadFailed") : undefined}
          onChange={(e) => {
            void pick(e.target.files);
            // The same file may be picked again after a failure or a removal.
            e.target.value = "";
          }}
        />
      ) : null}
      {uploading ? (
        <p role="status" className="small">
          {t("surveys.player.uploading")}
        </p>
      ) : null}
    </div>
  );
}
