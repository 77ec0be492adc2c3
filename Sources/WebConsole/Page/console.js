// VoicePlug's console: plugs live, phrases typed or spoken, and the add/edit voice-shortcut button.
// Everything it shows comes from the gateway's API; every change anyone makes arrives on /api/events.
"use strict";

const state = {
  token: null,
  plugs: new Map(),      // id → {id, name, protocol, state, online, updatedAt}
  order: [],             // plug ids in the configuration's order
  shortcuts: new Map(),  // "device|state" → {id, phrase, device, state}
  cards: new Map(),      // id → the card's elements
  dialog: null,          // {device, state, shortcut|null} while the dialog is open
};

const $ = (id) => document.getElementById(id);

// The token comes with the address printed at start (#token=…); it is kept for reloads and taken out of the
// address bar. It goes with every API request as a header, never as a cookie.
function readToken() {
  const match = location.hash.match(/token=([0-9a-f]{64})/);
  if (match) {
    localStorage.setItem("voiceplug-token", match[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem("voiceplug-token");
}

class APIError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the gateway answered ${status}`);
    this.status = status;
    this.body = body;
  }
}

async function api(method, path, body, contentType) {
  const headers = { Authorization: `Bearer ${state.token}` };
  let payload;
  if (body instanceof Blob) {
    payload = body;
    headers["Content-Type"] = contentType || "application/octet-stream";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, { method, headers, body: payload });
  let data = null;
  try { data = await response.json(); } catch (_) { /* no JSON */ }
  if (response.status === 401) showTokenProblem();
  // A phrase's result is an answer even when it failed: it carries ok, error and message.
  if (!response.ok && !(data && "ok" in data)) throw new APIError(response.status, data);
  return data;
}

function showTokenProblem() {
  const problem = $("token-problem");
  problem.textContent = "This page needs the console's token: open the address `voiceplug run --http` printed "
    + "(it ends in #token=…).";
  problem.hidden = false;
}

// MARK: plugs

function describeState(plug) {
  if (plug.online === false) return "offline";
  if (plug.state === "on") return "On";
  if (plug.state === "off") return "Off";
  return "state not known yet";
}

function makeCard(id) {
  const card = document.createElement("article");
  card.className = "plug";
  card.dataset.id = id;
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "switch";
  const name = document.createElement("span");
  name.className = "name";
  const status = document.createElement("span");
  status.className = "state";
  toggle.append(name, status);
  toggle.addEventListener("click", () => clickPlug(id));

  // With the state unknown, a click cannot know which way to switch: the person says.
  const choose = document.createElement("div");
  choose.className = "choose";
  for (const to of ["on", "off"]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = to === "on" ? "Switch on" : "Switch off";
    button.dataset.to = to;
    button.addEventListener("click", () => switchPlug(id, to));
    choose.append(button);
  }

  const shortcuts = document.createElement("div");
  shortcuts.className = "shortcuts";
  const buttons = {};
  for (const which of ["on", "off"]) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = which === "on" ? "On" : "Off";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "shortcut";
    button.dataset.state = which;
    button.addEventListener("click", () => openShortcutDialog(id, which));
    shortcuts.append(label, button);
    buttons[which] = button;
  }
  const message = document.createElement("p");
  message.className = "message";
  message.setAttribute("role", "status");
  card.append(toggle, choose, shortcuts, message);
  return { card, name, status, choose, buttons, message, toggle };
}

function renderPlug(id) {
  const plug = state.plugs.get(id);
  const parts = state.cards.get(id);
  if (!plug || !parts) return;
  parts.name.textContent = plug.name || plug.id;
  parts.status.textContent = describeState(plug);
  parts.card.dataset.state = plug.state || "unknown";
  parts.card.dataset.online = plug.online === null || plug.online === undefined ? "unknown" : String(plug.online);
  parts.toggle.setAttribute("aria-pressed", plug.state === "on" ? "true" : "false");
  parts.toggle.title = plug.state ? `Switch ${plug.name} ${plug.state === "on" ? "off" : "on"}` : "";
  parts.choose.hidden = plug.online === false || plug.state === "on" || plug.state === "off";
  renderShortcutButtons(id);
}

// The button tells the truth: "Add voice shortcut" when the state has none, the phrase and "Edit" when it has.
function renderShortcutButtons(id) {
  const parts = state.cards.get(id);
  if (!parts) return;
  for (const which of ["on", "off"]) {
    const shortcut = state.shortcuts.get(`${id}|${which}`);
    const button = parts.buttons[which];
    button.dataset.action = shortcut ? "edit" : "add";
    button.textContent = shortcut ? `✓ “${shortcut.phrase}” — Edit` : "Add voice shortcut";
    button.title = shortcut ? `Edit the voice shortcut that switches it ${which}` : `Add a phrase that switches it ${which}`;
    // A device added or renamed since gave the phrase a second meaning: the shortcut wins, and the person should know.
    if (shortcut && shortcut.alsoMeans) {
      button.dataset.shadowed = "true";
      button.textContent += " ⚠";
      button.title = `“${shortcut.phrase}” also means ${shortcut.alsoMeans} as a command; the shortcut wins. Edit it to say the command.`;
    } else {
      delete button.dataset.shadowed;
    }
  }
}

function renderAllPlugs() {
  const container = $("plugs");
  const fragment = document.createDocumentFragment();
  state.cards.clear();
  for (const id of state.order) {
    const parts = makeCard(id);
    state.cards.set(id, parts);
    fragment.append(parts.card);
  }
  container.replaceChildren(fragment);
  for (const id of state.order) renderPlug(id);
}

async function loadPlugs() {
  const plugs = await api("GET", "/api/plugs");
  state.plugs = new Map(plugs.map((plug) => [plug.id, plug]));
  state.order = plugs.map((plug) => plug.id);
}

async function loadShortcuts() {
  const shortcuts = await api("GET", "/api/shortcuts");
  state.shortcuts = new Map(shortcuts.map((s) => [`${s.device}|${s.state}`, s]));
}

function clickPlug(id) {
  const plug = state.plugs.get(id);
  if (!plug || (plug.state !== "on" && plug.state !== "off")) return;
  switchPlug(id, plug.state === "on" ? "off" : "on");
}

async function switchPlug(id, to) {
  const parts = state.cards.get(id);
  if (!parts || parts.card.dataset.busy === "true") return;
  parts.card.dataset.busy = "true";
  parts.message.textContent = "";
  try {
    const result = await api("POST", `/api/plugs/${encodeURIComponent(id)}`, { state: to });
    if (result.ok) {
      applyPlug({ ...state.plugs.get(id), state: result.state, online: true });
    } else {
      parts.message.textContent = result.message;
    }
  } catch (error) {
    parts.message.textContent = error.message;
  } finally {
    delete parts.card.dataset.busy;
  }
}

function applyPlug(plug) {
  if (!state.plugs.has(plug.id)) return;  // a device the page does not show yet: the devices event reloads
  state.plugs.set(plug.id, { ...state.plugs.get(plug.id), ...plug });
  renderPlug(plug.id);
}

// MARK: the shortcut dialog (add, or edit with delete)

async function openShortcutDialog(device, which) {
  const plug = state.plugs.get(device);
  // Asked at the moment of the click, as the button's delegate asks: whatever changed meanwhile, the dialog is right.
  let status;
  try {
    status = await api("GET", `/api/shortcuts/status?device=${encodeURIComponent(device)}&state=${which}`);
  } catch (error) {
    state.cards.get(device).message.textContent = error.message;
    return;
  }
  const known = state.shortcuts.get(`${device}|${which}`);
  const shortcut = status.action === "edit"
    ? { id: status.id, phrase: status.phrase, device, state: which,
        alsoMeans: known && known.phrase === status.phrase ? known.alsoMeans : undefined }
    : null;
  if (shortcut) state.shortcuts.set(`${device}|${which}`, shortcut);
  else state.shortcuts.delete(`${device}|${which}`);
  renderShortcutButtons(device);
  state.dialog = { device, state: which, shortcut };
  const name = plug ? plug.name : device;
  $("dialog-title").textContent = `${shortcut ? "Edit" : "Add"} voice shortcut — ${name}, ${which}`;
  $("dialog-hint").textContent = `Say it to switch ${name} ${which}.`;
  $("dialog-error").textContent = "";
  $("shortcut-phrase").value = shortcut ? shortcut.phrase : "";
  $("dialog-save").textContent = shortcut ? "Save" : "Add";
  $("dialog-delete").hidden = !shortcut;
  $("shortcut-dialog").showModal();
  $("shortcut-phrase").focus();
}

function closeDialog() {
  const open = state.dialog;
  state.dialog = null;
  if ($("shortcut-dialog").open) $("shortcut-dialog").close();
  if (open) renderShortcutButtons(open.device);
}

async function saveShortcut(event) {
  event.preventDefault();
  const open = state.dialog;
  if (!open) return;
  const phrase = $("shortcut-phrase").value;
  try {
    const saved = open.shortcut
      ? await api("PUT", `/api/shortcuts/${open.shortcut.id}`, { phrase })
      : await api("POST", "/api/shortcuts", { device: open.device, state: open.state, phrase });
    state.shortcuts.set(`${saved.device}|${saved.state}`, saved);
    closeDialog();
    loadSuggestions();
  } catch (error) {
    $("dialog-error").textContent = error.message;  // the registry's own refusal: the dialog stays open
  }
}

async function deleteShortcut() {
  const open = state.dialog;
  if (!open || !open.shortcut) return;
  try {
    await api("DELETE", `/api/shortcuts/${open.shortcut.id}`);
    state.shortcuts.delete(`${open.device}|${open.state}`);
    closeDialog();
    loadSuggestions();
  } catch (error) {
    $("dialog-error").textContent = error.message;
  }
}

// MARK: suggestions

async function loadSuggestions() {
  let suggestions;
  try { suggestions = await api("GET", "/api/suggestions"); } catch (_) { return; }
  const list = $("suggestions");
  list.replaceChildren();
  for (const suggestion of suggestions) {
    const item = document.createElement("li");
    const plug = state.plugs.get(suggestion.device);
    const text = document.createElement("span");
    text.textContent = `${plug ? plug.name : suggestion.device} ${suggestion.state}: switched ${suggestion.count} times, `
      + `most often by “${suggestion.phrase}”`;
    const add = document.createElement("button");
    add.type = "button";
    add.textContent = `Add “${suggestion.phrase}”`;
    add.addEventListener("click", async () => {
      try {
        const saved = await api("POST", "/api/shortcuts", { device: suggestion.device, state: suggestion.state, phrase: suggestion.phrase });
        state.shortcuts.set(`${saved.device}|${saved.state}`, saved);
        renderShortcutButtons(saved.device);
        loadSuggestions();
      } catch (error) {
        text.textContent = error.message;
      }
    });
    item.append(text, add);
    list.append(item);
  }
  $("suggestions-section").hidden = suggestions.length === 0;
}

// MARK: phrases, typed and spoken

// "on: kettle, desk fan" for a question about several plugs; "2 of 3 → off: …" for a group command.
function describeGroup(result) {
  const name = (id) => (state.plugs.get(id) || { name: id }).name;
  if (result.kind === "query") {
    const matching = result.devices.filter((d) => d.state === result.asked && d.online !== false).map((d) => name(d.device));
    return matching.length ? `${result.asked}: ${matching.join(", ")}` : `none is ${result.asked}`;
  }
  const failed = result.devices.filter((d) => !d.ok);
  const done = result.devices.length - failed.length;
  return `${done} of ${result.devices.length} → ${result.state}`
    + (failed.length ? `; ${failed.map((d) => `${name(d.device)}: ${d.error}`).join(", ")}` : "");
}

function showResult(result) {
  const line = $("result");
  line.dataset.ok = String(!!result.ok);
  if (Array.isArray(result.devices)) {
    line.textContent = `“${result.text}”: ${describeGroup(result)}`;
  } else if (!result.ok) {
    line.textContent = result.text ? `“${result.text}”: ${result.message}` : result.message;
  } else if (result.kind === "query") {
    const plug = state.plugs.get(result.device);
    const name = plug ? plug.name : result.device;
    line.textContent = result.state ? `${name} is ${result.state}` : `${name}'s state is not known`;
  } else {
    const plug = state.plugs.get(result.device);
    line.textContent = `“${result.text}” → ${plug ? plug.name : result.device} ${result.state} `
      + `(confirmed in ${Math.round(result.latencyMs)} ms)`;
  }
}

async function sendPhrase(event) {
  event.preventDefault();
  const text = $("phrase").value.trim();
  if (!text) return;
  try {
    showResult(await api("POST", "/api/phrase", { text }));
  } catch (error) {
    showResult({ ok: false, message: error.message });
  }
}

// Hold to speak: the microphone's audio, 16 kHz mono where the browser can, sent as one WAV file.
const recorder = { context: null, stream: null, node: null, chunks: [], active: false };

async function startSpeaking() {
  if (recorder.active) return;
  recorder.active = true;
  $("speak").setAttribute("aria-pressed", "true");
  try {
    recorder.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true } });
    recorder.context = new AudioContext({ sampleRate: 16000 });
    const source = recorder.context.createMediaStreamSource(recorder.stream);
    recorder.node = recorder.context.createScriptProcessor(4096, 1, 1);
    recorder.chunks = [];
    recorder.node.onaudioprocess = (event) => {
      if (recorder.active) recorder.chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
    };
    source.connect(recorder.node);
    recorder.node.connect(recorder.context.destination);
    $("result").textContent = "listening… release to send";
    if (!recorder.active) await stopSpeaking();  // released while the microphone was starting
  } catch (error) {
    recorder.active = false;
    $("speak").setAttribute("aria-pressed", "false");
    showResult({ ok: false, message: `no microphone: ${error.message}` });
  }
}

async function stopSpeaking() {
  if (!recorder.context) { recorder.active = false; return; }
  recorder.active = false;
  $("speak").setAttribute("aria-pressed", "false");
  const rate = recorder.context.sampleRate;
  recorder.node.disconnect();
  recorder.stream.getTracks().forEach((track) => track.stop());
  await recorder.context.close();
  recorder.context = null;
  const samples = recorder.chunks.reduce((total, chunk) => total + chunk.length, 0);
  if (samples < rate * 0.3) { $("result").textContent = "hold the button while you speak"; return; }
  $("result").textContent = "hearing…";
  try {
    showResult(await api("POST", "/api/audio", wav(recorder.chunks, samples, rate), "audio/wav"));
  } catch (error) {
    showResult({ ok: false, message: error.message });
  }
}

// A 16-bit PCM mono WAV file of the recorded chunks.
function wav(chunks, count, rate) {
  const buffer = new ArrayBuffer(44 + count * 2);
  const view = new DataView(buffer);
  const text = (offset, value) => { for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i)); };
  text(0, "RIFF"); view.setUint32(4, 36 + count * 2, true); text(8, "WAVE");
  text(12, "fmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
  view.setUint32(24, rate, true); view.setUint32(28, rate * 2, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
  text(36, "data"); view.setUint32(40, count * 2, true);
  let offset = 44;
  for (const chunk of chunks) {
    for (const sample of chunk) {
      const clipped = Math.max(-1, Math.min(1, sample));
      view.setInt16(offset, clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff, true);
      offset += 2;
    }
  }
  return new Blob([buffer], { type: "audio/wav" });
}

// MARK: activity and the event stream

function addActivity(result) {
  const list = $("activity");
  const item = document.createElement("li");
  const time = document.createElement("time");
  time.textContent = new Date().toLocaleTimeString();
  const text = document.createElement("span");
  const plug = state.plugs.get(result.device);
  const name = plug ? plug.name : result.device;
  const said = result.text ? `“${result.text}”` : "click";
  if (Array.isArray(result.devices)) {
    text.className = result.ok ? "" : "failed";
    text.textContent = `${said}: ${describeGroup(result)}`;
  } else if (!result.ok) {
    text.className = "failed";
    text.textContent = `${said}: ${result.error} — ${result.message}`;
  } else if (result.kind === "query") {
    text.textContent = `${said}: ${name} is ${result.state || "not known"}`;
  } else {
    text.textContent = `${said} → ${name} ${result.state}`;
  }
  item.append(time, text);
  list.querySelector(".empty")?.remove();
  list.prepend(item);
  while (list.children.length > 12) list.lastChild.remove();
}

function setLive(live) {
  const connection = $("connection");
  connection.dataset.live = String(live);
  connection.textContent = live ? "live" : "reconnecting…";
}

let reloadTimer = null;
function reloadSoon(what) {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(what, 100);
}

function handleEvent(name, data) {
  switch (name) {
    case "hello":
      setLive(true);
      refreshAll();  // after a reconnect, whatever was missed
      break;
    case "plug":
      applyPlug(data);
      break;
    case "result":
      addActivity(data);
      if (data.ok && data.device && data.kind !== "query") reloadSoon(loadSuggestions);
      break;
    case "shortcuts":
      reloadSoon(async () => {
        await loadShortcuts();
        for (const id of state.order) renderShortcutButtons(id);
        loadSuggestions();
      });
      break;
    case "devices":
      reloadSoon(refreshAll);  // the shortcuts' second meanings may have changed too
      break;
  }
}

// EventSource cannot send a header: the stream is read with fetch, which can.
async function listen() {
  for (;;) {
    try {
      const response = await fetch("/api/events", { headers: { Authorization: `Bearer ${state.token}` } });
      if (response.status === 401) { showTokenProblem(); setLive(false); return; }
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = "message", data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) name = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (data) {
            try { handleEvent(name, JSON.parse(data)); } catch (error) { console.warn("event", name, error); }
          }
        }
      }
    } catch (error) {
      console.warn("event stream", error);
    }
    setLive(false);
    await new Promise((resume) => setTimeout(resume, 2000));
  }
}

async function refreshAll() {
  try {
    const before = state.order.join("\n");
    await Promise.all([loadPlugs(), loadShortcuts()]);
    if (state.order.join("\n") !== before || state.cards.size === 0) renderAllPlugs();
    else for (const id of state.order) renderPlug(id);
    loadSuggestions();
  } catch (error) {
    if (!(error instanceof APIError && error.status === 401)) $("result").textContent = error.message;
  }
}

async function start() {
  state.token = readToken();
  if (!state.token) { showTokenProblem(); return; }
  $("phrase-form").addEventListener("submit", sendPhrase);
  $("shortcut-form").addEventListener("submit", saveShortcut);
  $("dialog-cancel").addEventListener("click", closeDialog);
  $("dialog-delete").addEventListener("click", deleteShortcut);
  $("shortcut-dialog").addEventListener("close", () => { if (state.dialog) closeDialog(); });
  const speak = $("speak");
  speak.addEventListener("pointerdown", (event) => { event.preventDefault(); startSpeaking(); });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) speak.addEventListener(end, () => { if (recorder.active) stopSpeaking(); });
  speak.addEventListener("keydown", (event) => { if ((event.key === " " || event.key === "Enter") && !event.repeat) { event.preventDefault(); startSpeaking(); } });
  speak.addEventListener("keyup", (event) => { if (event.key === " " || event.key === "Enter") stopSpeaking(); });
  await refreshAll();
  document.body.dataset.ready = "true";
  window.voiceplugReadyAt = performance.now();  // measured by the browser tests
  listen();
}

document.addEventListener("DOMContentLoaded", start);
