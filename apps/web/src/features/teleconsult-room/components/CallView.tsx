import { CALL_LIMITS, type CallMedia, type TCallState, type TIceServer } from "@cura/domain";
import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CallEngine, type CallSnapshot } from "../call/call-engine.ts";
import { GuestInvite } from "./GuestInvite.tsx";

interface CallViewProps {
  state: TCallState;
  token: string;
  /** Members: tell the server the first status 4; 'Termina'. Guests: neither. */
  onConnected?(): void;
  onEnd?(): Promise<unknown>;
  waitForAdmission?: boolean;
  /** A guest: asks the server whether they were admitted already (see CallOptions.admission). */
  admission?: () => Promise<TIceServer[] | null>;
}

/** The call: the two (or three) videos, status 1–8, the other party, the timer, 'Termina', the chat. */
export function CallView({ state, token, onConnected, onEnd, waitForAdmission, admission }: CallViewProps) {
  const { room, me } = state;
  const [media, setMedia] = useState<CallMedia | null>(null);
  const [engine, setEngine] = useState<CallEngine | null>(null);

  // The engine is made once per chosen media; what it reads later comes through these refs.
  const latest = useRef({ onConnected, iceServers: state.ice_servers, waitForAdmission, admission });
  latest.current = { onConnected, iceServers: state.ice_servers, waitForAdmission, admission };

  useEffect(() => {
    if (!media) return;
    const created = new CallEngine({
      token,
      room,
      me,
      iceServers: latest.current.iceServers,
      media,
      onConnected: () => latest.current.onConnected?.(),
      waitForAdmission: latest.current.waitForAdmission ?? false,
      admission: async () => (await latest.current.admission?.()) ?? null,
    });
    setEngine(created);
    void created.start();
    return () => created.stop();
  }, [media, token, room, me]);

  useEffect(() => {
    engine?.setDeadline(state.deadline);
  }, [engine, state.deadline]);

  if (!media) return <MediaChoice onChoose={setMedia} />;
  if (!engine) return null;
  return <CallScreen engine={engine} state={state} onEnd={onEnd} />;
}

function MediaChoice({ onChoose }: { onChoose(media: CallMedia): void }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2 my-4">
      <button type="button" className="btn btn-primary" onClick={() => onChoose("video")}>
        {t("teleconsultRoom.join.video")}
      </button>
      <button type="button" className="btn btn-outline-primary" onClick={() => onChoose("audio")}>
        {t("teleconsultRoom.join.audio")}
      </button>
      <button type="button" className="btn btn-outline-primary" onClick={() => onChoose("chat")}>
        {t("teleconsultRoom.join.chat")}
      </button>
    </div>
  );
}

function CallScreen({ engine, state, onEnd }: { engine: CallEngine; state: TCallState; onEnd?(): Promise<unknown> }) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(engine.subscribe, engine.get, engine.get);
  const [ending, setEnding] = useState(false);
  const end = async () => {
    setEnding(true);
    try {
      await onEnd?.();
      engine.finish(t("teleconsultRoom.ended"));
    } finally {
      setEnding(false);
    }
  };
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-8">
        <StatusBar snapshot={snapshot} />
        {snapshot.ended ? (
          <div className="alert alert-info" role="status">
            {snapshot.ended}
          </div>
        ) : null}
        <div className="row g-2">
          {snapshot.peers.map((peer) => (
            <div key={peer.hashid} className="col-12 col-md-6">
              <Video
                stream={peer.stream}
                label={t("teleconsultRoom.remote", {
                  role: t(
                    `teleconsultRoom.roles.${state.parties.find((p) => p.hashid === peer.hashid)?.role ?? "guest"}`,
                  ),
                })}
                testId="remote-video"
              />
              <p className="small mb-0">
                {t("teleconsultRoom.presenceLabel")}: <strong>{t(`teleconsultRoom.presence.${peer.presence}`)}</strong>
              </p>
            </div>
          ))}
          {snapshot.local ? (
            <div className="col-6 col-md-3">
              <Video stream={snapshot.local} label={t("teleconsultRoom.local")} muted testId="local-video" />
            </div>
          ) : null}
        </div>
        {!snapshot.ended ? (
          <div className="d-flex flex-wrap gap-2 mt-3">
            {snapshot.media === "video" ? (
              <button
                type="button"
                className={snapshot.poor ? "btn btn-warning" : "btn btn-outline-primary"}
                onClick={() => engine.audioOnly()}
              >
                {t("teleconsultRoom.audioOnly")}
              </button>
            ) : null}
            {onEnd ? (
              <button type="button" className="btn btn-danger" onClick={() => void end()} disabled={ending}>
                {t("teleconsultRoom.end")}
              </button>
            ) : null}
          </div>
        ) : null}
        {state.role === "operator" && !snapshot.ended ? (
          <GuestInvite booking={state.booking} waiting={snapshot.guestWaiting} />
        ) : null}
      </div>
      <div className="col-12 col-lg-4">
        <Chat engine={engine} snapshot={snapshot} />
      </div>
    </div>
  );
}

function StatusBar({ snapshot }: { snapshot: CallSnapshot }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <p className="mb-1" data-testid="call-status" data-status={snapshot.status}>
        {t("teleconsultRoom.statusLabel")}: <strong>{t(`teleconsultRoom.status.${snapshot.status}`)}</strong>
      </p>
      <Timer deadline={snapshot.deadline} ended={snapshot.ended !== null} />
      {snapshot.warning && !snapshot.ended ? (
        <div className="alert alert-warning" role="alert">
          {t("teleconsultRoom.twoMinutes")}
        </div>
      ) : null}
      {snapshot.error ? (
        <div className="alert alert-danger" role="alert">
          {snapshot.error}
        </div>
      ) : null}
      {!snapshot.online ? (
        <div className="alert alert-danger" role="alert">
          {t("teleconsultRoom.offline")}
        </div>
      ) : null}
    </div>
  );
}

/** Time left until the server's deadline (the server ends the call; this only shows it). */
function Timer({ deadline, ended }: { deadline: string | null; ended: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline || ended) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, ended]);
  if (!deadline)
    return <p className="mb-1">{t("teleconsultRoom.timerIdle", { minutes: CALL_LIMITS.durationMs / 60_000 })}</p>;
  const left = Math.max(0, new Date(deadline).getTime() - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <p className="mb-1" data-testid="call-timer">
      {t("teleconsultRoom.timer")}:{" "}
      <strong>
        {String(minutes).padStart(2, "0")}:{String(seconds).padStart(2, "0")}
      </strong>
    </p>
  );
}

function Video({
  stream,
  label,
  muted,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <figure className="mb-1">
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        className="w-100 bg-dark rounded"
        data-testid={testId}
        aria-label={label}
      >
        <track kind="captions" />
      </video>
      <figcaption className="small">{label}</figcaption>
    </figure>
  );
}

function Chat({ engine, snapshot }: { engine: CallEngine; snapshot: CallSnapshot }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    engine.sendChat(draft);
    setDraft("");
  };
  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="h5">
        {t("teleconsultRoom.chat.title")}
      </h2>
      <ul
        className="list-unstyled border rounded p-2 mb-2"
        style={{ minHeight: "8rem" }}
        aria-live="polite"
        data-testid="chat-log"
      >
        {snapshot.chat.map((line) => (
          <li key={line.id} className={line.mine ? "text-end" : ""}>
            <span className="visually-hidden">
              {line.mine ? t("teleconsultRoom.chat.me") : t("teleconsultRoom.chat.other")}:{" "}
            </span>
            {line.body}
          </li>
        ))}
      </ul>
      {!snapshot.ended ? (
        <form onSubmit={submit} className="d-flex gap-2 align-items-end">
          <div className="form-group mb-0 flex-grow-1">
            <label htmlFor={inputId} className="active">
              {t("teleconsultRoom.chat.label")}
            </label>
            <input
              id={inputId}
              className="form-control"
              value={draft}
              maxLength={CALL_LIMITS.maxChatChars}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t("teleconsultRoom.chat.send")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
