import {
  CALL_LIMITS,
  CALL_STATUSES,
  type CallMedia,
  type CallStatus,
  ROOM_MESSAGES,
  ROOM_SERVER_EVENTS,
  type TIceServer,
  type TRealtimeServerMessage,
  type TRoomSignal,
} from "@cura/domain";
import { openRealtime, type RealtimeConnection } from "../../../lib/realtime.ts";

/**
 * The call in the browser (spec 001 §4): the room's socket, the camera and microphone, one
 * RTCPeerConnection per other member (a mesh: two parties, three with a guest), the chat, the
 * server's clock. Framework-free so the page only renders its snapshot; kept out of the entry chunk
 * (the page is lazy). Who offers: of two members, the one whose hashid sorts first, so both sides
 * never offer at once.
 */

export type Presence = "new" | "online" | "offline";

export interface ChatLine {
  /** Unique within the page (a React key). */
  id: number;
  from: string;
  body: string;
  at: string;
  mine: boolean;
}

export interface PeerView {
  hashid: string;
  presence: Presence;
  stream: MediaStream | null;
  media: CallMedia | null;
}

export interface CallSnapshot {
  status: CallStatus;
  /** The Italian error shown, if any. */
  error: string | null;
  media: CallMedia;
  local: MediaStream | null;
  peers: PeerView[];
  chat: ChatLine[];
  deadline: string | null;
  warning: boolean;
  ended: string | null;
  /** getStats says the video is poor: offer audio only. */
  poor: boolean;
  online: boolean;
  guestWaiting: { hashid: string; name: string } | null;
  /** A guest: admitted by the operator. */
  admitted: boolean;
}

export interface CallOptions {
  token: string;
  room: string;
  me: string;
  iceServers: TIceServer[];
  /** video (default), audio, chat: what the member starts with. */
  media: CallMedia;
  /** The first status 4: the page tells the server (POST …/tc/connected). */
  onConnected(): void;
  /** A guest joins only once the operator admits them (told on the guest's own socket room). */
  waitForAdmission?: boolean;
  /**
   * A guest: asks the server whether the operator admitted them already (the ICE servers then, else
   * null). The admission pushed on the socket is only a hint: one sent before the socket was ready is
   * never seen, so the engine asks each time its socket is ready.
   */
  admission?: () => Promise<TIceServer[] | null>;
  /** For tests: the socket and the media. */
  url?: string;
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
}

interface Peer {
  hashid: string;
  pc: RTCPeerConnection | null;
  lastSeen: number;
  presence: Presence;
  stream: MediaStream | null;
  media: CallMedia | null;
  pendingIce: RTCIceCandidateInit[];
  poorSince: number | null;
  lastBytes: { at: number; bytes: number } | null;
}

const HEARTBEAT_MS = 3_000;

export class CallEngine {
  private snapshot: CallSnapshot;
  private readonly listeners = new Set<() => void>();
  private connection: RealtimeConnection | null = null;
  private readonly peers = new Map<string, Peer>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private connectedOnce = false;
  private closed = false;
  private joined = false;

  private readonly options: CallOptions;

  constructor(options: CallOptions) {
    this.options = options;
    this.iceServers = options.iceServers;
    this.snapshot = {
      status: CALL_STATUSES.opening,
      error: null,
      media: options.media,
      local: null,
      peers: [],
      chat: [],
      deadline: null,
      warning: false,
      ended: null,
      poor: false,
      online: typeof navigator === "undefined" ? true : navigator.onLine,
      guestWaiting: null,
      admitted: false,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): CallSnapshot => this.snapshot;

  private update(patch: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private refreshPeers() {
    const peers = [...this.peers.values()].map((peer) => ({
      hashid: peer.hashid,
      presence: peer.presence,
      stream: peer.stream,
      media: peer.media,
    }));
    // Status: the best connection among the others; 7/8 when the only other party left or dropped.
    const states = [...this.peers.values()].map((peer) => peer.pc?.connectionState ?? "new");
    let status: CallStatus = this.joined ? CALL_STATUSES.joined : CALL_STATUSES.opening;
    if (states.includes("connected")) status = CALL_STATUSES.connected;
    else if (states.some((s) => s === "connecting" || s === "new") && this.peers.size > 0 && this.joined)
      status = CALL_STATUSES.negotiating;
    else if (states.includes("failed")) status = CALL_STATUSES.errorClosed;
    const everyoneGone = this.peers.size > 0 && [...this.peers.values()].every((p) => p.presence === "offline");
    if (status !== CALL_STATUSES.connected && everyoneGone) status = this.leftStatus;
    if (this.snapshot.ended) status = this.snapshot.status;
    this.update({ peers, status });
    if (status === CALL_STATUSES.connected && !this.connectedOnce) {
      this.connectedOnce = true;
      this.options.onConnected();
    }
  }

  private leftStatus: CallStatus = CALL_STATUSES.otherDropped;
  private admitted = false;
  private chatCount = 0;
  private iceServers: TIceServer[];

  private join() {
    this.connection?.send({ type: "join", room: this.options.room, ref: "call" });
  }

  async start(): Promise<void> {
    await this.acquireMedia(this.options.media);
    if (this.closed) return;
    this.connection = openRealtime({
      token: this.options.token,
      ...(this.options.url ? { url: this.options.url } : {}),
      onMessage: (message) => this.onMessage(message),
      onStatus: (status) => {
        if (status === "offline" && !this.snapshot.ended) {
          this.joined = false;
          this.update({ status: CALL_STATUSES.opening });
        }
      },
    });
    this.timers.push(setInterval(() => this.heartbeat(), HEARTBEAT_MS));
    this.timers.push(setInterval(() => void this.measure(), 2_000));
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
    }
  }

  private onOnline = () => this.update({ online: true, error: null });
  private onOffline = () => this.update({ online: false, error: ROOM_MESSAGES.offline });

  /** Video and audio; a camera that fails leaves audio; no microphone either leaves the chat. */
  private async acquireMedia(wanted: CallMedia): Promise<void> {
    const getUserMedia =
      this.options.getUserMedia ??
      (typeof navigator !== "undefined" && navigator.mediaDevices
        ? (c: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(c)
        : null);
    if (wanted === "chat" || !getUserMedia) {
      this.update({ media: "chat", local: null, ...(getUserMedia ? {} : { error: ROOM_MESSAGES.mediaFailed }) });
      return;
    }
    if (wanted === "video") {
      try {
        const stream = await getUserMedia({ video: true, audio: true });
        this.update({ media: "video", local: stream });
        return;
      } catch {
        this.update({ error: ROOM_MESSAGES.mediaFailed });
      }
    }
    try {
      const stream = await getUserMedia({ audio: true, video: false });
      this.update({ media: "audio", local: stream });
    } catch {
      this.update({ media: "chat", local: null, error: ROOM_MESSAGES.mediaFailed });
    }
  }

  private send(signal: TRoomSignal) {
    this.connection?.send({
      type: "send",
      room: this.options.room,
      event: signal.event,
      ...(signal.payload === undefined ? {} : { payload: signal.payload }),
    });
  }

  private onMessage(message: TRealtimeServerMessage) {
    if (message.type === "ready") {
      if (!this.options.waitForAdmission || this.admitted) this.join();
      else void this.checkAdmission();
      return;
    }
    if (message.type === "joined" && message.room === this.options.room) {
      this.joined = true;
      this.update({ status: CALL_STATUSES.joined });
      this.send({ event: "join", payload: { media: this.snapshot.media, peer: this.options.me } });
      this.refreshPeers();
      return;
    }
    // The server says the call is over (a message sent after its end): end here too.
    if (message.type === "error" && message.code === "message_refused" && message.message === ROOM_MESSAGES.ended) {
      this.finish(ROOM_MESSAGES.ended);
      return;
    }
    if (message.type === "error" && message.code === "room_refused") {
      this.update({ status: CALL_STATUSES.errorClosed, error: ROOM_MESSAGES.connectFailed });
      return;
    }
    if (
      message.type === "event" &&
      message.event === ROOM_SERVER_EVENTS.guestAdmitted &&
      message.room !== this.options.room
    ) {
      this.admit((message.payload as { ice_servers?: TIceServer[] } | null)?.ice_servers ?? null);
      return;
    }
    if (message.type !== "event" || message.room !== this.options.room) return;
    const from = message.from;
    const payload = (message.payload ?? {}) as Record<string, unknown>;
    switch (message.event) {
      case ROOM_SERVER_EVENTS.clock:
        this.update({ deadline: String(payload.deadline) });
        return;
      case ROOM_SERVER_EVENTS.warning:
        this.update({ warning: true, deadline: String(payload.deadline ?? this.snapshot.deadline) });
        return;
      case ROOM_SERVER_EVENTS.end:
        this.finish(payload.reason === "time_up" ? ROOM_MESSAGES.timeUp : ROOM_MESSAGES.ended);
        return;
      case ROOM_SERVER_EVENTS.guestWaiting: {
        const guest = payload.guest as { hashid: string; name: string };
        this.update({ guestWaiting: { hashid: guest.hashid, name: guest.name } });
        return;
      }
      case ROOM_SERVER_EVENTS.guestAdmitted:
        this.update({ guestWaiting: null });
        return;
    }
    if (!from || from === this.options.me) return;
    const to = payload.to as string | undefined;
    if (to !== undefined && to !== this.options.me) return;
    void this.onSignal(from, message.event, payload);
  }

  /** Admitted (the pushed hint, or the server's answer): into the room, once. */
  private admit(servers: TIceServer[] | null) {
    if (this.admitted || this.closed) return;
    if (servers) this.iceServers = servers;
    this.admitted = true;
    this.update({ admitted: true });
    this.join();
  }

  private async checkAdmission() {
    try {
      const servers = (await this.options.admission?.()) ?? null;
      if (servers) this.admit(servers);
    } catch {
      // Not reachable now: the pushed admission, or the next ready, tells.
    }
  }

  private async onSignal(from: string, event: string, payload: Record<string, unknown>) {
    const known = this.peers.get(from);
    const peer = known ?? this.addPeer(from);
    peer.lastSeen = Date.now();
    peer.presence = "online";
    switch (event) {
      case "join": {
        peer.media = payload.media as CallMedia;
        // They (re)arrived: start over with them.
        this.resetPeer(peer);
        if (this.options.me < from) await this.makeOffer(peer);
        else this.send({ event: "status", payload: { status: this.snapshot.status, media: this.snapshot.media } });
        break;
      }
      case "status":
        peer.media = payload.media as CallMedia;
        if (!known || !peer.pc) {
          this.resetPeer(peer);
          if (this.options.me < from) await this.makeOffer(peer);
        }
        break;
      case "offer": {
        const pc = peer.pc ?? this.resetPeer(peer);
        await pc.setRemoteDescription(payload.description as RTCSessionDescriptionInit);
        await this.flushIce(peer);
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.send({ event: "answer", payload: { to: from, description: { type: "answer", sdp: answer.sdp ?? "" } } });
        break;
      }
      case "answer":
        if (peer.pc && peer.pc.signalingState === "have-local-offer") {
          await peer.pc.setRemoteDescription(payload.description as RTCSessionDescriptionInit);
          await this.flushIce(peer);
        }
        break;
      case "ice": {
        const candidate = payload.candidate as RTCIceCandidateInit | null;
        if (!candidate) break;
        if (peer.pc?.remoteDescription) await peer.pc.addIceCandidate(candidate).catch(() => {});
        else peer.pendingIce.push(candidate);
        break;
      }
      case "chat":
        this.update({
          chat: [
            ...this.snapshot.chat,
            { id: ++this.chatCount, from, body: String(payload.body), at: String(payload.at), mine: false },
          ],
        });
        break;
      case "leave":
        peer.presence = "offline";
        this.leftStatus = CALL_STATUSES.otherLeft;
        this.closePeer(peer);
        break;
    }
    this.refreshPeers();
  }

  private addPeer(hashid: string): Peer {
    const peer: Peer = {
      hashid,
      pc: null,
      lastSeen: Date.now(),
      presence: "new",
      stream: null,
      media: null,
      pendingIce: [],
      poorSince: null,
      lastBytes: null,
    };
    this.peers.set(hashid, peer);
    return peer;
  }

  private closePeer(peer: Peer) {
    peer.pc?.close();
    peer.pc = null;
    peer.stream = null;
    peer.pendingIce = [];
  }

  private resetPeer(peer: Peer): RTCPeerConnection {
    this.closePeer(peer);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers as RTCIceServer[] });
    peer.pc = pc;
    const local = this.snapshot.local;
    if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
    else {
      // Chat-only still receives the others' audio and video.
      pc.addTransceiver("audio", { direction: "recvonly" });
      pc.addTransceiver("video", { direction: "recvonly" });
    }
    if (local && local.getVideoTracks().length === 0) pc.addTransceiver("video", { direction: "recvonly" });
    pc.onicecandidate = (event) => {
      const c = event.candidate;
      this.send({
        event: "ice",
        payload: {
          to: peer.hashid,
          candidate: c ? { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex } : null,
        },
      });
    };
    pc.ontrack = (event) => {
      peer.stream = event.streams[0] ?? new MediaStream([event.track]);
      this.refreshPeers();
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") {
        // ICE failed: the chat goes on through the socket.
        this.update({ error: ROOM_MESSAGES.connectFailed });
      }
      if (pc.connectionState === "connected" && this.snapshot.error === ROOM_MESSAGES.connectFailed) {
        this.update({ error: null });
      }
      this.refreshPeers();
    };
    return pc;
  }

  private async makeOffer(peer: Peer) {
    const pc = peer.pc ?? this.resetPeer(peer);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send({ event: "offer", payload: { to: peer.hashid, description: { type: "offer", sdp: offer.sdp ?? "" } } });
  }

  private async flushIce(peer: Peer) {
    const pending = peer.pendingIce;
    peer.pendingIce = [];
    for (const candidate of pending) await peer.pc?.addIceCandidate(candidate).catch(() => {});
  }

  /** The others' sign of life, and ours to them; silent for 10 s: dropped (status 8). */
  private heartbeat() {
    if (!this.joined || this.snapshot.ended) return;
    this.send({ event: "status", payload: { status: this.snapshot.status, media: this.snapshot.media } });
    const now = Date.now();
    let changed = false;
    for (const peer of this.peers.values()) {
      if (peer.presence === "online" && now - peer.lastSeen > CALL_LIMITS.silentPeerMs) {
        peer.presence = "offline";
        this.leftStatus = CALL_STATUSES.otherDropped;
        changed = true;
      }
    }
    if (changed) this.refreshPeers();
  }

  /** getStats: > 10% loss or < 150 kbps outgoing for 10 s offers audio only ('Connessione instabile'). */
  private async measure() {
    if (this.snapshot.media !== "video") return;
    let poor = false;
    for (const peer of this.peers.values()) {
      if (peer.pc?.connectionState !== "connected") continue;
      const report = await peer.pc.getStats();
      let bytes = 0;
      let lost = 0;
      let received = 0;
      report.forEach(
        (stat: { type: string; kind?: string; bytesSent?: number; packetsLost?: number; packetsReceived?: number }) => {
          if (stat.type === "outbound-rtp" && stat.kind === "video") bytes += stat.bytesSent ?? 0;
          if (stat.type === "remote-inbound-rtp" && stat.kind === "video") lost += stat.packetsLost ?? 0;
          if (stat.type === "inbound-rtp" && stat.kind === "video") received += stat.packetsReceived ?? 0;
        },
      );
      const now = Date.now();
      const previous = peer.lastBytes;
      peer.lastBytes = { at: now, bytes };
      if (!previous) continue;
      const kbps = ((bytes - previous.bytes) * 8) / Math.max(1, now - previous.at);
      const loss = lost + received > 0 ? lost / (lost + received) : 0;
      const bad = kbps < CALL_LIMITS.minOutgoingKbps || loss > CALL_LIMITS.lossThreshold;
      peer.poorSince = bad ? (peer.poorSince ?? now) : null;
      if (peer.poorSince !== null && now - peer.poorSince >= CALL_LIMITS.poorForMs) poor = true;
    }
    if (poor !== this.snapshot.poor) this.update({ poor, ...(poor ? { error: ROOM_MESSAGES.unstable } : {}) });
  }

  /** Audio only: the camera stops; the others keep the audio. */
  audioOnly() {
    for (const track of this.snapshot.local?.getVideoTracks() ?? []) {
      track.stop();
      for (const peer of this.peers.values())
        for (const sender of peer.pc?.getSenders() ?? []) if (sender.track === track) void sender.replaceTrack(null);
    }
    this.update({ media: "audio", poor: false, error: null });
  }

  sendChat(body: string) {
    const text = body.trim();
    if (!text) return;
    this.send({ event: "chat", payload: { body: text } });
    this.update({
      chat: [
        ...this.snapshot.chat,
        { id: ++this.chatCount, from: this.options.me, body: text, at: new Date().toISOString(), mine: true },
      ],
    });
  }

  setDeadline(deadline: string | null) {
    if (deadline && deadline !== this.snapshot.deadline) this.update({ deadline });
  }

  /** The call is over (the server's end, or 'Termina'): everything closes. */
  finish(reason: string) {
    if (this.snapshot.ended) return;
    for (const peer of this.peers.values()) this.closePeer(peer);
    for (const track of this.snapshot.local?.getTracks() ?? []) track.stop();
    this.update({ ended: reason, local: null, status: CALL_STATUSES.errorClosed });
    this.refreshPeers();
    this.stop(false);
  }

  /** Leaving the page: the others see status 7. */
  stop(announce = true) {
    if (this.closed) return;
    this.closed = true;
    if (announce && this.joined) this.send({ event: "leave" });
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const peer of this.peers.values()) this.closePeer(peer);
    for (const track of this.snapshot.local?.getTracks() ?? []) track.stop();
    // Let the leave frame go out first.
    const connection = this.connection;
    setTimeout(() => connection?.close(), 100);
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
  }
}
