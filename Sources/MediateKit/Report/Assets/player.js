"use strict";
(function () {
  const ROW = 18, SPARE = 10, PLAY_MS = 900, LARGE = 200;
  const players = [];
  let lastUsed = null;

  function Player(root) {
    this.root = root;
    this.id = root.id;
    this.anchor = root.dataset.anchor;
    const data = JSON.parse(document.getElementById(this.id + "-data").textContent);
    this.data = data;
    this.lanes = data.lanes;
    this.count = Math.max.apply(null, this.lanes.map(function (lane) { return lane.steps.length; }));
    this.differs = data.differs;
    // rowStart[s]: the aligned row step s starts at; a step takes as many rows as its longest lane.
    this.rowStart = new Int32Array(this.count + 1);
    for (let s = 0; s < this.count; s++) {
      let rows = 1;
      for (const lane of this.lanes) rows = Math.max(rows, this.stepLength(lane, s));
      this.rowStart[s + 1] = this.rowStart[s] + rows;
    }
    this.lanes.forEach(function (lane, index) { this.prepareLane(lane, index); }, this);
    // A large run's diagrams change without transitions, and are drawn only while in view.
    if (this.lanes.some(function (lane) { return lane.edgeElements.size > LARGE; })) root.classList.add("pl-large");
    this.box = document.getElementById(this.id + "-transcript");
    this.box.firstElementChild.style.height = this.rowStart[this.count] * ROW + "px";
    this.rendered = [];
    this.box.addEventListener("scroll", this.renderRows.bind(this), { passive: true });
    this.buttons = {};
    for (const button of root.querySelectorAll("button[data-action]")) {
      this.buttons[button.dataset.action] = button;
      button.addEventListener("click", this.act.bind(this, button.dataset.action));
    }
    this.buttons.play.setAttribute("aria-pressed", "false");
    if (this.differs.length === 0) {
      this.buttons.difference.disabled = true;
      this.buttons.difference.title = "The designs' transcripts do not differ";
    }
    this.where = document.getElementById(this.id + "-where");
    this.caption = document.getElementById(this.id + "-caption");
    this.timer = null;
    this.step = -1;
    // A diagram grows to the player's width, and back, on a click or Enter.
    for (const figure of root.querySelectorAll(".pl-diagram")) {
      const toggle = function () { figure.classList.toggle("pl-wide"); };
      figure.addEventListener("click", toggle);
      figure.addEventListener("keydown", function (event) { if (event.key === "Enter") toggle(); });
    }
    root.addEventListener("focusin", function () { lastUsed = this; }.bind(this));
    root.addEventListener("pointerdown", function () { lastUsed = this; }.bind(this));
  }

  Player.prototype.stepLength = function (lane, s) {
    if (s >= lane.steps.length) return 0;
    const end = s + 1 < lane.steps.length ? lane.steps[s + 1] : lane.lines.length;
    return end - lane.steps[s];
  };

  Player.prototype.prepareLane = function (lane, index) {
    lane.prefix = this.id + "-d" + index + "-";
    lane.marked = new Set(lane.marks);
    lane.current = new Set();
    // The routed diagram's edges, by code (2 × link + 1 for failed deliveries), with the step each is first used at.
    lane.edgeElements = new Map();
    lane.firstUse = new Map();
    lane.edges.forEach(function (codes, step) {
      for (const code of codes) if (!lane.firstUse.has(code)) lane.firstUse.set(code, step);
    });
    const linkPrefix = lane.prefix + "link-";
    for (const element of this.root.querySelectorAll("g.edge[id^='" + linkPrefix + "']")) {
      const rest = element.id.slice(linkPrefix.length);
      const missing = rest.endsWith("-missing");
      lane.edgeElements.set(2 * parseInt(rest, 10) + (missing ? 1 : 0), element);
    }
    lane.sequenceElements = [];
    for (const element of this.root.querySelectorAll("[data-step][id^='" + lane.prefix + "']")) {
      lane.sequenceElements.push([element, parseInt(element.dataset.step, 10)]);
    }
  };

  // Sets an element's state class, touching the element only when the state changes.
  function setState(element, state) {
    if (element.plState === state) return;
    if (element.plState) element.classList.remove(element.plState);
    element.classList.add(state);
    element.plState = state;
  }

  Player.prototype.show = function (step, options) {
    step = Math.max(0, Math.min(this.count - 1, step));
    const moved = step !== this.step;
    this.step = step;
    const s = step;
    for (const lane of this.lanes) {
      lane.current = new Set(s < lane.edges.length ? lane.edges[s] : []);
      lane.edgeElements.forEach(function (element, code) {
        const first = lane.firstUse.has(code) ? lane.firstUse.get(code) : Infinity;
        setState(element, lane.current.has(code) ? "pl-current" : first < s ? "pl-past" : "pl-future");
      });
      for (const entry of lane.sequenceElements) {
        setState(entry[0], entry[1] === s ? "pl-current" : entry[1] < s ? "pl-past" : "pl-future");
      }
    }
    const own = this.lanes[this.data.own];
    const first = s < own.steps.length ? own.lines[own.steps[s]] : "";
    const label = s === 0 ? "Start, step 0" : s === this.count - 1 ? "End, step " + s : "Step " + s;
    this.where.textContent = label + " of " + (this.count - 1) +
      (this.differs.indexOf(s) >= 0 ? ", the " + (this.data.noun || "designs") + " differ here" : "");
    this.caption.textContent = s === 0 ? "Press Forward or → to run the first statement." : first;
    if (s === this.count - 1) this.pause();
    // Keep the step's rows in view.
    const top = this.rowStart[s] * ROW, bottom = this.rowStart[s + 1] * ROW;
    if (top < this.box.scrollTop || bottom > this.box.scrollTop + this.box.clientHeight) {
      this.box.scrollTop = Math.max(0, top - 2 * ROW);
    }
    this.renderRows(true);
    if (moved && !(options && options.keepFragment)) {
      history.replaceState(null, "", "#" + this.anchor + "&step=" + s);
    }
  };

  // Builds the rows in view (and a few either side) of the aligned transcripts.
  Player.prototype.renderRows = function () {
    const total = this.rowStart[this.count];
    const from = Math.max(0, Math.floor(this.box.scrollTop / ROW) - SPARE);
    const to = Math.min(total, Math.ceil((this.box.scrollTop + this.box.clientHeight) / ROW) + SPARE);
    for (const row of this.rendered) row.remove();
    this.rendered = [];
    let step = this.stepAtRow(from);
    const fragment = document.createDocumentFragment();
    for (let r = from; r < to; r++) {
      while (r >= this.rowStart[step + 1]) step++;
      const offset = r - this.rowStart[step];
      const row = document.createElement("div");
      row.className = "pl-row";
      row.style.top = r * ROW + "px";
      this.lanes.forEach(function (lane, index) {
        const cell = document.createElement("span");
        cell.className = "pl-cell";
        if (offset < this.stepLength(lane, step)) {
          const line = lane.steps[step] + offset;
          cell.id = lane.prefix + "line-" + (line + 1);
          cell.textContent = lane.lines[line];
          cell.title = lane.kind + ", line " + (line + 1);
          if (lane.marked.has(line)) cell.classList.add("pl-differs");
          if (step === this.step) cell.classList.add("pl-now");
          else if (step < this.step) cell.classList.add("pl-past");
        }
        row.appendChild(cell);
      }, this);
      fragment.appendChild(row);
      this.rendered.push(row);
    }
    this.box.appendChild(fragment);
  };

  Player.prototype.stepAtRow = function (row) {
    let low = 0, high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.rowStart[middle] <= row) low = middle; else high = middle - 1;
    }
    return low;
  };

  Player.prototype.nextDifference = function () {
    for (const step of this.differs) if (step > this.step) return this.show(step);
    if (this.differs.length > 0) {
      this.show(this.differs[0]);
      this.where.textContent += "; no difference after the last one, so back to the first";
    }
  };

  Player.prototype.play = function () {
    if (this.step === this.count - 1) this.show(0);
    this.buttons.play.setAttribute("aria-pressed", "true");
    this.buttons.play.textContent = "❚❚ Pause";
    this.timer = setInterval(function () { this.show(this.step + 1); }.bind(this), PLAY_MS);
  };

  Player.prototype.pause = function () {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.buttons.play.setAttribute("aria-pressed", "false");
    this.buttons.play.textContent = "▶ Play";
  };

  Player.prototype.act = function (action) {
    lastUsed = this;
    if (action !== "play") this.pause();
    switch (action) {
      case "start": return this.show(0);
      case "back": return this.show(this.step - 1);
      case "forward": return this.show(this.step + 1);
      case "end": return this.show(this.count - 1);
      case "difference": return this.nextDifference();
      case "play": return this.timer === null ? this.play() : this.pause();
    }
  };

  const keys = { ArrowLeft: "back", ArrowRight: "forward", " ": "play", Home: "start", End: "end", d: "difference", D: "difference" };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) return;
    const inside = players.find(function (player) { return player.root.contains(document.activeElement); });
    const focusElsewhere = document.activeElement && document.activeElement !== document.body && !inside;
    const player = inside || (focusElsewhere ? null : lastUsed);
    if (!player) return;
    event.preventDefault();
    player.act(keys[event.key]);
  });

  function openFragment() {
    const match = /^#(.+)&step=(\d+)$/.exec(location.hash);
    if (!match) return;
    const player = players.find(function (candidate) { return candidate.anchor === match[1]; });
    if (!player) return;
    lastUsed = player;
    player.show(parseInt(match[2], 10), { keepFragment: true });
    player.root.scrollIntoView({ block: "start" });
  }

  for (const root of document.querySelectorAll(".player")) {
    const player = new Player(root);
    players.push(player);
    player.show(0, { keepFragment: true });
  }
  window.addEventListener("hashchange", openFragment);
  openFragment();
})();
