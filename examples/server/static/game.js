// The Phase 10 page: no framework, no build step. It keeps the seat's token and the table's
// version, draws the picture the server sends (phase10.svg, escaped there) and turns clicks
// on its data-key parts into moves chosen from the payload's moves. Cards of the hand are
// named by the payload's hand ids (R7#1, R7#2: which copy), never by where they are drawn.
"use strict";

const page = {
  id: null, token: null, version: 0, seat: 0, payload: null,
  picked: [],   // hand ids picked for the current group (or to hit or discard)
  groups: [],   // finished groups of a laydown, as hand ids
  socket: null,
  sending: false, // a move is on its way: its answer brings the news
};

const $ = (id) => document.getElementById(id);

function say(text) { $("status").textContent = text; }

function showProblems(items) {
  const list = $("problems");
  list.replaceChildren(...items.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}

function log(events) {
  const list = $("log");
  for (const event of events) {
    const li = document.createElement("li");
    li.textContent = event.text;
    li.dataset.index = event.index;
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (page.token) headers.Authorization = "Bearer " + page.token;
  const answer = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await answer.json();
  if (!answer.ok) throw doc.error;
  return doc;
}

function show(state) {
  page.version = state.version;
  page.seat = state.seat;
  page.payload = state.payload;
  page.picked = [];
  page.groups = [];
  // the picture comes from phase10.svg on our own server, which escapes every text in it
  $("picture").innerHTML = state.svg;
  nameHandCards();
  showHint();
  log(state.payload.events);
  $("targets").hidden = true;
  drawPicked();
  const p = state.payload;
  if (p.over) say("The game is over.");
  else if (p.your_turn) say(`Your turn (${p.view.step}).`);
  else say("Waiting for the others.");
  $("game").dataset.version = String(state.version);
  $("game").dataset.step = p.over ? "over" : (p.your_turn ? p.view.step : "waiting");
}

// The picture draws the hand in the payload's order: hand/N is payload.hand[N]. Give each
// card its id (data-id), so that a click names the card, whatever was redrawn since.
function nameHandCards() {
  for (const part of document.querySelectorAll('#picture [data-key^="hand/"]')) {
    const held = page.payload.hand[Number(part.dataset.index)];
    if (held && held.card === part.dataset.card) part.dataset.id = held.id;
  }
}

// the card of a hand id ("R7#2" -> "R7")
function cardOf(id) {
  const held = page.payload.hand.find((h) => h.id === id);
  return held ? held.card : id.split("#")[0];
}

function cardsOf(ids) { return ids.map(cardOf).join(" "); }

function handPart(id) {
  return document.querySelector(`#picture [data-id="${CSS.escape(id)}"]`);
}

function drawPicked() {
  for (const g of document.querySelectorAll("#picture g.selected")) g.classList.remove("selected");
  for (const id of [...page.groups.flat(), ...page.picked]) {
    const g = handPart(id);
    if (g) g.classList.add("selected");
  }
  const names = page.groups.map(cardsOf);
  if (page.picked.length) names.push(cardsOf(page.picked));
  $("groups").textContent = names.length ? "picked: " + names.join(" | ") : "";
}

// The moves of the payload for one verb and (for a move that plays one card) that card's
// id: each option's legal move, with where it aims.
function options(verb, id) {
  const group = page.payload.moves.find(
    (g) => g.verb === verb && (id === undefined || g.ids.includes(id)));
  if (!group) return [];
  return group.options.map((o) => ({ ...page.payload.legal[o.move], target: o.target }));
}

// The payload's hint: a laydown the seat can make now, its groups as hand ids.
function showHint() {
  const hint = page.payload.hint;
  $("hint-bar").hidden = !hint;
  $("hint").textContent = hint ? "You can lay down: " + hint.groups.map(cardsOf).join(" | ") : "";
}

async function send(move) {
  showProblems([]);
  page.sending = true;
  try {
    show(await call("POST", `/tables/${page.id}/moves`, { move, expect: page.version }));
  } catch (error) {
    if (error.code === "stale-move") {
      say("The table moved on; here it is now.");
      await refresh();
      return;
    }
    say(error.message.split("\n")[0]);
    // a refused laydown names each group that does not make its part of the phase
    showProblems((error.problems || []).map((p) => p.sentence));
    $("game").dataset.refused = error.code;
  } finally {
    page.sending = false;
  }
}

async function refresh() {
  const known = page.payload ? page.payload.next : 0;
  const state = await call("GET", `/tables/${page.id}?since=${known}`);
  // nothing new (our own move's events, already answered): keep what the person picked
  if (page.payload && state.version === page.version && state.payload.next === known) return;
  show(state);
}

function chooseTarget(moves) {
  const bar = $("targets");
  bar.replaceChildren(bar.firstElementChild);
  for (const move of moves) {
    const button = document.createElement("button");
    button.textContent = move.text;
    button.dataset.target = String(move.json.target);
    button.addEventListener("click", () => send(move.json));
    bar.append(button);
  }
  bar.hidden = false;
  say("Choose whom to skip: a button, or click the seat.");
}

function clicked(part) {
  const [kind, a, b] = part.dataset.key.split("/");
  if (kind === "draw") {
    const moves = options("draw");
    if (moves.length) return send(moves[0].json);
    return say("You cannot draw now.");
  }
  if (kind === "hand") {
    const id = part.dataset.id;
    if (!id || page.groups.flat().includes(id)) return;
    page.picked = page.picked.includes(id) ? page.picked.filter((j) => j !== id) : [...page.picked, id];
    return drawPicked();
  }
  if (kind === "discard") {
    const take = options("take");
    if (take.length && !page.picked.length) return send(take[0].json);
    if (page.picked.length !== 1) return say("Pick one card to discard.");
    const card = cardOf(page.picked[0]);
    const moves = options("discard", page.picked[0]);
    if (!moves.length) return say(`You cannot discard ${card} now.`);
    if (moves.length > 1) return chooseTarget(moves);
    return send(moves[0].json);
  }
  if (kind === "meld") {
    if (page.picked.length !== 1) return say("Pick one card to hit this meld with.");
    const card = cardOf(page.picked[0]);
    const moves = options("hit", page.picked[0]).filter(
      (m) => m.json.owner === Number(a) && m.json.meld === Number(b));
    if (!moves.length) return say(`${card} does not go on that meld now.`);
    return send(moves[0].json);
  }
  if (kind === "seat" && !$("targets").hidden) {
    const button = $("targets").querySelector(`[data-target="${Number(a)}"]`);
    if (button) button.click();
  }
}

function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/tables/${page.id}/events?token=${encodeURIComponent(page.token)}`;
  page.socket = new WebSocket(url);
  page.socket.addEventListener("message", (message) => {
    const doc = JSON.parse(message.data);
    // another person's move: fetch the news once our copy is behind
    if (doc.event && page.payload && !page.sending && doc.event.index >= page.payload.next) {
      refreshSoon();
    }
  });
}

let soon = null;
function refreshSoon() {
  clearTimeout(soon);
  soon = setTimeout(refresh, 100);
}

async function start(id, token) {
  page.id = id;
  page.token = token;
  $("start").hidden = true;
  $("game").hidden = false;
  await refresh();
  listen();
}

$("new").addEventListener("click", async () => {
  const bots = Array(Number($("bots").value)).fill("greedy");
  const state = await call("POST", "/tables", { bots });
  // the token stays in this tab's address (the fragment is never sent to the server)
  location.hash = `table=${state.id}&token=${state.token}`;
  page.id = state.id;
  page.token = state.token;
  $("start").hidden = true;
  $("game").hidden = false;
  show(state);
  listen();
});

$("picture").addEventListener("click", (event) => {
  const part = event.target.closest("[data-key]");
  if (part && page.payload) clicked(part);
});

$("group").addEventListener("click", () => {
  if (!page.picked.length) return say("Pick the cards of a group first.");
  page.groups.push(page.picked);
  page.picked = [];
  drawPicked();
});

$("lay").addEventListener("click", () => {
  const groups = [...page.groups, ...(page.picked.length ? [page.picked] : [])];
  if (!groups.length) return say("Pick the cards of each group, ending each with End group.");
  const hint = page.payload.hint;
  // the hint's own move when the groups are its groups (its wilds' values chosen already)
  if (hint && JSON.stringify(groups) === JSON.stringify(hint.groups)) {
    return send(page.payload.legal[hint.move].json);
  }
  send("lay " + groups.map(cardsOf).join(" | "));
});

$("use-hint").addEventListener("click", () => {
  const hint = page.payload && page.payload.hint;
  if (!hint) return;
  page.groups = hint.groups.map((g) => [...g]);
  page.picked = [];
  showProblems([]);
  drawPicked();
  say("The hint's cards are picked: Lay down to play them, or Clear.");
});

$("clear").addEventListener("click", () => {
  page.picked = [];
  page.groups = [];
  showProblems([]);
  drawPicked();
});

{
  const found = new URLSearchParams(location.hash.slice(1));
  if (found.get("table") && found.get("token")) start(found.get("table"), found.get("token"));
}
