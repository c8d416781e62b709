"use strict";
(function () {
  // ROW: one text row of a transcript, in px; PAD: a cell's padding either side, in px.
  const ROW = 18, PAD = 4, SPARE = 10, PLAY_MS = 900, LARGE = 200, LANE_MIN_REM = 9.5, ZOOM_STEP = 1.25;
  const players = [];
  let hovered = null;

  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function button(label, title, data) {
    const element = make("button", "", label);
    element.type = "button";
    element.title = title;
    for (const key in data) element.dataset[key] = data[key];
    return element;
  }

  // How many monospace columns a line takes: 1 a character, 2 a wide one (CJK, emoji), 0 a
  // combining mark. It errs on the wide side: a cell may end with a blank row, it never cuts.
  const ASCII = /^[\x00-\x7f]*$/;
  function columnsOf(line) {
    if (ASCII.test(line)) return line.length;
    let width = 0;
    for (const character of line) {
      const code = character.codePointAt(0);
      width += code >= 0x300 && code < 0x370 ? 0 : code >= 0x1100 && (code < 0x1160 || code >= 0x2e80) ? 2 : 1;
    }
    return width + 1;
  }

  // How many rows `line` takes at `cols` columns, wrapped as its cell wraps it (white-space:
  // pre-wrap): at spaces, and inside a word only where the word alone is wider than a row. A
  // browser also breaks after a hyphen, which only saves rows, except in a word wider than a
  // row, where it may cost one: such a line gets a row to spare.
  function rowsOf(line, cols) {
    const words = line.split(" ");
    let rows = 0, used = 0, spare = 0;
    for (let i = 0; i < words.length; i++) {
      const width = columnsOf(words[i]);
      if (i > 0 && used + 1 + width <= cols) { used += 1 + width; continue; }
      // The word starts a row; one wider than a row fills rows of its own, then part of one.
      const own = Math.max(1, Math.ceil(width / cols));
      rows += own;
      used = width - (own - 1) * cols;
      if (width > cols) spare = 1;
    }
    return rows + spare;
  }

  function Player(root) {
    this.root = root;
    this.id = root.id;
    this.anchor = root.dataset.anchor;
    const data = JSON.parse(document.getElementById(this.id + "-data").textContent);
    this.data = data;
    this.lanes = data.lanes;
    this.noun = data.noun || "designs";
    this.count = Math.max.apply(null, this.lanes.map(function (lane) { return lane.steps.length; }));
    this.differs = data.differs;
    // For each step where the lanes differ: the lane the others are held against, and those that differ from it.
    this.difference = new Map();
    data.differs.forEach(function (step, index) {
      this.difference.set(step, { from: data.from[index], odd: data.odd[index] });
    }, this);
    this.lanes.forEach(function (lane, index) { this.prepareLane(lane, index); }, this);
    // A large run's diagrams change without transitions, and are drawn only while in view.
    if (this.lanes.some(function (lane) { return lane.edgeElements.size > LARGE; })) root.classList.add("pl-large");
    this.box = document.getElementById(this.id + "-transcript");
    this.spacer = this.box.firstElementChild;
    this.heads = Array.prototype.slice.call(root.querySelectorAll(".pl-heads > .pl-head"));
    this.badges = this.heads.map(function (head) { return head.appendChild(make("span", "pl-badge")); });
    this.columns = this.lanes.map(function () { return this.spacer.appendChild(make("div", "pl-lane")); }, this);
    this.probe = this.box.appendChild(make("span", "pl-probe", "0".repeat(64)));
    this.rendered = [];
    this.buttons = {};
    for (const element of root.querySelectorAll("button[data-action]")) {
      this.buttons[element.dataset.action] = element;
      element.addEventListener("click", this.act.bind(this, element.dataset.action));
    }
    this.buttons.play.setAttribute("aria-pressed", "false");
    if (this.differs.length === 0) {
      this.buttons.difference.disabled = true;
      this.buttons.difference.title = "The " + this.noun + "' transcripts do not differ";
    }
    this.where = document.getElementById(this.id + "-where");
    this.caption = document.getElementById(this.id + "-caption");
    this.detail = make("p", "pl-detail");
    this.detail.id = this.id + "-detail";
    this.detail.setAttribute("aria-live", "polite");
    this.box.after(this.detail);
    this.timer = null;
    this.step = -1;
    this.active = null;  // the line marked from the keyboard, a click or a search: { lane, line }
    this.matches = null;
    this.match = null;  // the search's current match: { lane, line, query }
    this.buildTools();
    this.buildDiagrams();
    this.shown = this.initialLanes();
    this.cols = 0;
    this.layout();
    this.box.addEventListener("scroll", this.renderRows.bind(this), { passive: true });
    this.box.addEventListener("pointerover", function (event) {
      const cell = event.target.closest && event.target.closest(".pl-cell");
      if (cell) this.describe(cell.plLane, cell.plLine);
    }.bind(this));
    this.box.addEventListener("pointerleave", function () { this.describe(); }.bind(this));
    this.box.addEventListener("click", function (event) {
      if (String(window.getSelection())) return;  // text being selected to copy stays selected
      const cell = event.target.closest && event.target.closest(".pl-cell");
      if (cell) this.activate(cell.plLane, cell.plLine);
    }.bind(this));
    this.box.addEventListener("focus", function () {
      if (this.active === null && this.box.matches(":focus-visible")) this.moveActive(0);
    }.bind(this));
    this.box.addEventListener("keydown", this.transcriptKey.bind(this));
    root.addEventListener("pointerenter", function () { hovered = this; }.bind(this));
    root.addEventListener("pointerleave", function () { if (hovered === this) hovered = null; }.bind(this));
    if (window.ResizeObserver) {
      new ResizeObserver(function () { if (this.layout()) this.renderRows(); }.bind(this)).observe(this.box);
    }
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
    lane.labelled = [];
    lane.cum = null;
    lane.cumCols = 0;
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

  // The search box, its buttons, and the lane picker, under the controls.
  Player.prototype.buildTools = function () {
    const bar = make("div", "pl-tools");
    const find = make("div", "pl-find");
    find.setAttribute("role", "search");
    this.input = make("input");
    this.input.type = "search";
    this.input.id = this.id + "-find";
    this.input.placeholder = "Find in the transcripts";
    this.input.setAttribute("aria-label", "Find in the transcripts (Enter: next, Shift+Enter: previous)");
    this.input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); this.find(event.shiftKey ? -1 : 1); }
      else if (event.key === "Escape") { this.input.value = ""; this.find(0); }
    }.bind(this));
    this.input.addEventListener("input", function () { this.matches = null; this.found.textContent = ""; }.bind(this));
    const previous = button("↑", "Previous match (Shift+Enter)", { find: "previous" });
    const next = button("↓", "Next match (Enter)", { find: "next" });
    previous.id = this.id + "-find-previous";
    next.id = this.id + "-find-next";
    previous.setAttribute("aria-label", "Previous match");
    next.setAttribute("aria-label", "Next match");
    previous.addEventListener("click", this.find.bind(this, -1));
    next.addEventListener("click", this.find.bind(this, 1));
    this.found = make("span", "pl-found");
    this.found.id = this.id + "-found";
    this.found.setAttribute("aria-live", "polite");
    find.append(this.input, previous, next, this.found);
    const picker = make("div", "pl-picker");
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", "Lanes shown");
    picker.appendChild(make("span", "pl-picker-label", "Show:"));
    this.pickers = this.lanes.map(function (lane, index) {
      const toggle = button(lane.kind, "Show or hide this lane", { lane: String(index) });
      toggle.id = this.id + "-show-" + index;
      toggle.addEventListener("click", this.toggleLane.bind(this, index));
      return picker.appendChild(toggle);
    }, this);
    bar.append(find, picker);
    this.root.querySelector(".pl-controls").after(bar);
  };

  // The lanes shown at first: every one when each gets LANE_MIN_REM; else as many as fit (two at
  // least), the own kind's first, then those that differ first from it.
  Player.prototype.initialLanes = function () {
    const all = this.lanes.map(function (_, index) { return index; });
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const gap = 0.6 * rem;
    const fit = Math.max(2, Math.floor((this.box.clientWidth + gap) / (LANE_MIN_REM * rem + gap)));
    if (all.length <= fit) return all;
    const order = [this.data.own];
    if (this.differs.length > 0) {
      const first = this.difference.get(this.differs[0]);
      for (const index of [first.from].concat(first.odd)) if (order.indexOf(index) < 0) order.push(index);
    }
    for (const index of all) if (order.indexOf(index) < 0) order.push(index);
    return order.slice(0, fit).sort(function (a, b) { return a - b; });
  };

  Player.prototype.toggleLane = function (index) {
    const at = this.shown.indexOf(index);
    if (at >= 0) {
      if (this.shown.length === 1) return;
      this.shown.splice(at, 1);
    } else {
      this.shown.push(index);
      this.shown.sort(function (a, b) { return a - b; });
    }
    this.matches = null;
    if (this.active && this.shown.indexOf(this.active.lane) < 0) this.active = this.match = null;
    this.layout(true);
    this.show(this.step, { keepFragment: true });
  };

  // Lays the shown lanes out: each line wraps at the lane's width, and a step takes as many rows
  // as its tallest lane. Returns whether anything moved.
  Player.prototype.layout = function (force) {
    const shown = this.shown;
    this.root.style.setProperty("--shown", String(shown.length));
    this.lanes.forEach(function (_, index) {
      const visible = shown.indexOf(index) >= 0;
      if (this.heads[index]) this.heads[index].hidden = !visible;
      this.columns[index].hidden = !visible;
      this.pickers[index].setAttribute("aria-pressed", String(visible));
      for (const figure of this.figures[index]) figure.hidden = !visible;
    }, this);
    const character = this.probe.getBoundingClientRect().width / 64 || 7.2;
    const width = this.columns[shown[0]].clientWidth;
    const cols = Math.max(8, Math.floor((width - 2 * PAD - 1) / character));
    if (cols === this.cols && !force) return false;
    this.cols = cols;
    for (const index of shown) {
      const lane = this.lanes[index];
      if (lane.cumCols === cols) continue;
      // cum[i]: the rows the lane's lines before line i take.
      const cum = new Int32Array(lane.lines.length + 1);
      for (let i = 0; i < lane.lines.length; i++) {
        const line = lane.lines[i];
        cum[i + 1] = cum[i] + (line.length <= cols >> 1 ? 1 : rowsOf(line, cols));
      }
      lane.cum = cum;
      lane.cumCols = cols;
    }
    // rowStart[s]: the aligned row step s starts at.
    this.rowStart = new Int32Array(this.count + 1);
    for (let s = 0; s < this.count; s++) {
      let rows = 1;
      for (const index of shown) {
        const lane = this.lanes[index];
        if (s < lane.steps.length) rows = Math.max(rows, lane.cum[lane.steps[s] + this.stepLength(lane, s)] - lane.cum[lane.steps[s]]);
      }
      this.rowStart[s + 1] = this.rowStart[s] + rows;
    }
    this.spacer.style.height = this.rowStart[this.count] * ROW + "px";
    return true;
  };

  // Sets an element's state class, touching the element only when the state changes.
  function setState(element, state) {
    if (element.plState === state) return;
    if (element.plState) element.classList.remove(element.plState);
    element.classList.add(state);
    element.plState = state;
  }

  // The numbers of the sends a step's lines hold (`1`, `1.2`), and its messages' lines.
  function stepNumbers(lines) {
    const numbers = new Set();
    for (const line of lines) {
      const match = /^\s*(\d+(?:\.\d+)*) /.exec(line);
      if (match) numbers.add(match[1]);
    }
    return numbers;
  }

  // Whether an edge label (`1, 3: text`, or `text ×5` when folded) names one of the step's messages.
  function labelIsCurrent(label, numbers, lines) {
    const numbered = /^(\d+(?:\.\d+)*(?:, \d+(?:\.\d+)*)*): /.exec(label);
    if (numbered) return numbered[1].split(", ").some(function (number) { return numbers.has(number); });
    const folded = / ×\d+$/.exec(label);
    if (!folded) return false;
    const text = label.slice(0, folded.index);
    return lines.some(function (line) { return line.indexOf(text) >= 0; });
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
      // On an edge that carries several messages, only the step's own labels stand out.
      for (const label of lane.labelled) label.classList.remove("pl-label-now");
      lane.labelled = [];
      if (lane.current.size > 0) {
        const start = lane.steps[s], lines = lane.lines.slice(start, Math.min(start + this.stepLength(lane, s), start + 2000));
        const numbers = stepNumbers(lines);
        lane.current.forEach(function (code) {
          const element = lane.edgeElements.get(code);
          if (!element) return;
          for (const label of element.querySelectorAll("text")) {
            if (labelIsCurrent(label.textContent, numbers, lines)) {
              label.classList.add("pl-label-now");
              lane.labelled.push(label);
            }
          }
        });
      }
    }
    const own = this.lanes[this.data.own];
    const first = s < own.steps.length ? own.lines[own.steps[s]] : "";
    const label = s === 0 ? "Start, step 0" : s === this.count - 1 ? "End, step " + s : "Step " + s;
    const difference = this.difference.get(s);
    this.where.textContent = label + " of " + (this.count - 1) +
      (difference ? ", the " + this.noun + " differ here: " + this.differenceText(difference) : "");
    this.badges.forEach(function (badge, index) {
      const odd = difference && difference.odd.indexOf(index) >= 0;
      badge.textContent = odd ? "differs from " + this.lanes[difference.from].kind : difference && difference.from === index ? "the reference here" : "";
      badge.className = "pl-badge" + (odd ? " pl-badge-odd" : "");
    }, this);
    this.caption.textContent = s === 0 ? "Press Forward or → to run the first statement." : first;
    if (s === this.count - 1) this.pause();
    // Keep the step's rows in view.
    const top = this.rowStart[s] * ROW, bottom = this.rowStart[s + 1] * ROW;
    if (top < this.box.scrollTop || bottom > this.box.scrollTop + this.box.clientHeight) {
      this.box.scrollTop = Math.max(0, top - 2 * ROW);
    }
    this.renderRows();
    if (moved && !(options && options.keepFragment)) {
      history.replaceState(null, "", "#" + this.anchor + "&step=" + s);
    }
  };

  // `mesh differs from wrapper`, `mesh and actor differ from wrapper`.
  Player.prototype.differenceText = function (difference) {
    const names = difference.odd.map(function (index) { return this.lanes[index].kind; }, this);
    const listed = names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names[0];
    return listed + (names.length > 1 ? " differ from " : " differs from ") + this.lanes[difference.from].kind;
  };

  // The step a lane's line belongs to.
  Player.prototype.stepOfLine = function (lane, line) {
    let low = 0, high = lane.steps.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lane.steps[middle] <= line) low = middle; else high = middle - 1;
    }
    return low;
  };

  // The aligned row a shown lane's line starts at.
  Player.prototype.rowOfLine = function (lane, line) {
    const step = this.stepOfLine(lane, line);
    return this.rowStart[step] + lane.cum[line] - lane.cum[lane.steps[step]];
  };

  // Builds the cells in view (and a few rows either side) of the shown lanes.
  Player.prototype.renderRows = function () {
    const total = this.rowStart[this.count];
    const from = Math.max(0, Math.floor(this.box.scrollTop / ROW) - SPARE);
    const to = Math.min(total, Math.ceil((this.box.scrollTop + this.box.clientHeight) / ROW) + SPARE);
    for (const cell of this.rendered) cell.remove();
    this.rendered = [];
    const firstStep = this.stepAtRow(from);
    for (const index of this.shown) {
      const lane = this.lanes[index], cum = lane.cum, fragment = document.createDocumentFragment();
      for (let s = firstStep; s < lane.steps.length && this.rowStart[s] < to; s++) {
        const start = lane.steps[s], end = start + this.stepLength(lane, s);
        const base = this.rowStart[s] - cum[start];
        if (start === end || base + cum[end] <= from) continue;
        // The first line of the step that reaches into the rows built.
        let low = start, high = end - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (base + cum[middle + 1] > from) high = middle; else low = middle + 1;
        }
        for (let line = low; line < end && base + cum[line] < to; line++) {
          fragment.appendChild(this.cell(index, line, s, base + cum[line], cum[line + 1] - cum[line]));
        }
      }
      this.columns[index].appendChild(fragment);
    }
  };

  Player.prototype.cell = function (index, line, step, row, rows) {
    const lane = this.lanes[index], text = lane.lines[line];
    const cell = make("div", "pl-cell");
    cell.id = lane.prefix + "line-" + (line + 1);
    cell.plLane = index;
    cell.plLine = line;
    cell.style.top = row * ROW + "px";
    cell.style.height = rows * ROW + "px";
    const match = this.match;
    if (match && match.lane === index && match.line === line) {
      const at = text.toLowerCase().indexOf(match.query);
      if (at >= 0) {
        cell.append(text.slice(0, at), make("mark", "", text.slice(at, at + match.query.length)), text.slice(at + match.query.length));
      } else {
        cell.textContent = text;
      }
      cell.classList.add("pl-match");
    } else {
      cell.textContent = text;
    }
    cell.title = this.describeLine(index, line, step);
    if (lane.marked.has(line)) cell.classList.add("pl-differs");
    if (step === this.step) cell.classList.add("pl-now");
    else if (step < this.step) cell.classList.add("pl-past");
    if (this.active && this.active.lane === index && this.active.line === line) cell.classList.add("pl-active");
    this.rendered.push(cell);
    return cell;
  };

  // `wrapper, line 29 (differs from mesh): TEXT`: what the tooltip and the detail line say of a line.
  Player.prototype.describeLine = function (index, line, step) {
    const lane = this.lanes[index];
    let head = lane.kind + ", line " + (line + 1);
    const difference = lane.marked.has(line) && this.difference.get(step);
    if (difference) head += " (differs from " + this.lanes[difference.from].kind + ")";
    return head + ": " + lane.lines[line];
  };

  // Shows a line in full under the transcript: the one pointed at, else the active one.
  Player.prototype.describe = function (index, line) {
    if (index === undefined && this.active) { index = this.active.lane; line = this.active.line; }
    if (index === undefined) { this.detail.textContent = ""; return; }
    const lane = this.lanes[index];
    this.detail.textContent = this.describeLine(index, line, this.stepOfLine(lane, line));
  };

  // Marks a line, scrolls it into view and shows it in full.
  Player.prototype.activate = function (index, line) {
    this.active = { lane: index, line: line };
    const lane = this.lanes[index];
    const top = this.rowOfLine(lane, line) * ROW, bottom = top + (lane.cum[line + 1] - lane.cum[line]) * ROW;
    if (top < this.box.scrollTop || bottom > this.box.scrollTop + this.box.clientHeight) {
      this.box.scrollTop = Math.max(0, top - 2 * ROW);
    }
    this.renderRows();
    this.box.setAttribute("aria-activedescendant", lane.prefix + "line-" + (line + 1));
    this.describe();
  };

  // ↑ and ↓ move the active line in its lane; Shift+← and Shift+→ to the lane beside; Escape lets go.
  Player.prototype.moveActive = function (by) {
    if (this.active === null || this.shown.indexOf(this.active.lane) < 0) {
      const index = this.shown.indexOf(this.data.own) >= 0 ? this.data.own : this.shown[0];
      const lane = this.lanes[index];
      return this.activate(index, Math.min(lane.lines.length - 1, lane.steps[Math.min(this.step, lane.steps.length - 1)]));
    }
    const lane = this.lanes[this.active.lane];
    this.activate(this.active.lane, Math.max(0, Math.min(lane.lines.length - 1, this.active.line + by)));
  };

  Player.prototype.moveActiveLane = function (by) {
    if (this.active === null) return this.moveActive(0);
    const at = this.shown.indexOf(this.active.lane);
    const index = this.shown[Math.max(0, Math.min(this.shown.length - 1, at + by))];
    const from = this.lanes[this.active.lane], to = this.lanes[index];
    const step = Math.min(this.stepOfLine(from, this.active.line), to.steps.length - 1);
    const offset = this.active.line - from.steps[step];
    this.activate(index, Math.min(to.steps[step] + Math.min(offset, Math.max(0, this.stepLength(to, step) - 1)), to.lines.length - 1));
  };

  Player.prototype.transcriptKey = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      this.moveActive(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      this.moveActiveLane(event.key === "ArrowRight" ? 1 : -1);
    } else if (event.key === "Escape" && this.active) {
      this.active = null;
      this.box.removeAttribute("aria-activedescendant");
      this.renderRows();
      this.describe();
    }
  };

  // Every line of the shown lanes that holds the query (case aside), in the order of the rows.
  Player.prototype.search = function (query) {
    const lists = this.shown.map(function (index) {
      const lane = this.lanes[index], found = [];
      let step = 0;
      for (let line = 0; line < lane.lines.length; line++) {
        if (lane.lines[line].toLowerCase().indexOf(query) < 0) continue;
        while (step + 1 < lane.steps.length && lane.steps[step + 1] <= line) step++;
        found.push(this.rowStart[step] + lane.cum[line] - lane.cum[lane.steps[step]], line);
      }
      return found;
    }, this);
    const matches = [], at = lists.map(function () { return 0; });
    for (;;) {
      let best = -1;
      for (let k = 0; k < lists.length; k++) {
        if (at[k] < lists[k].length && (best < 0 || lists[k][at[k]] < lists[best][at[best]])) best = k;
      }
      if (best < 0) break;
      matches.push({ row: lists[best][at[best]], lane: this.shown[best], line: lists[best][at[best] + 1] });
      at[best] += 2;
    }
    return matches;
  };

  // Goes to the next (1) or previous (-1) line holding the search box's text; 0 clears.
  Player.prototype.find = function (by) {
    const query = this.input.value.toLowerCase();
    if (by === 0 || query === "") {
      this.match = null;
      this.matches = null;
      this.found.textContent = "";
      return this.renderRows();
    }
    if (this.matches === null || this.matchQuery !== query) {
      this.matches = this.search(query);
      this.matchQuery = query;
      this.matchAt = -1;
    }
    const count = this.matches.length;
    if (count === 0) {
      this.match = null;
      this.found.textContent = "No line holds “" + this.input.value + "”";
      return this.renderRows();
    }
    if (this.matchAt < 0) {
      // The first match from the top of the view (or the last before it, going back).
      const row = Math.floor(this.box.scrollTop / ROW);
      let next = this.matches.findIndex(function (match) { return match.row >= row; });
      if (next < 0) next = by > 0 ? 0 : count;
      this.matchAt = by > 0 ? next : (next - 1 + count) % count;
    } else {
      this.matchAt = (this.matchAt + by + count) % count;
    }
    const match = this.matches[this.matchAt];
    this.match = { lane: match.lane, line: match.line, query: query };
    this.found.textContent = (this.matchAt + 1) + " of " + count;
    this.activate(match.lane, match.line);
  };

  Player.prototype.stepAtRow = function (row) {
    let low = 0, high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.rowStart[middle] <= row) low = middle; else high = middle - 1;
    }
    return low;
  };

  // Each diagram gets a caption with its lane's name and zoom buttons; it zooms on the buttons,
  // Ctrl+wheel or a pinch, and + − 0 while focused, and pans by dragging or scrolling.
  Player.prototype.buildDiagrams = function () {
    this.figures = this.lanes.map(function () { return []; });
    for (const group of this.root.querySelectorAll(".pl-diagrams")) {
      Array.prototype.forEach.call(group.querySelectorAll(":scope > .pl-diagram"), function (figure, index) {
        if (index >= this.lanes.length) return;
        this.figures[index].push(figure);
        const caption = make("figcaption", "pl-figcap");
        caption.appendChild(make("span", "pl-figname", this.lanes[index].kind));
        figure.prepend(caption);
        const svg = figure.querySelector(":scope > svg");
        if (!svg) return;
        figure.setAttribute("aria-label", this.lanes[index].kind + ": + and − zoom, 0 fits, Enter widens");
        const actions = [["out", "−", "Zoom out (−)"], ["in", "+", "Zoom in (+)"], ["fit", "Fit", "Fit the width (0)"], ["wide", "Wide", "Use the player's whole width (Enter)"]];
        for (const action of actions) {
          const control = caption.appendChild(button(action[1], action[2], { zoom: action[0] }));
          control.setAttribute("aria-label", action[2]);
          control.addEventListener("click", function (event) { event.stopPropagation(); zoom(figure, action[0]); });
        }
        figure.plSvg = svg;
        figure.addEventListener("keydown", function (event) {
          if (event.target !== figure || event.altKey || event.ctrlKey || event.metaKey) return;
          const action = { "+": "in", "=": "in", "-": "out", "_": "out", "0": "fit", Enter: "wide" }[event.key];
          if (!action) return;
          event.preventDefault();
          zoom(figure, action);
        });
        figure.addEventListener("wheel", function (event) {
          if (!event.ctrlKey) return;
          event.preventDefault();
          zoomBy(figure, Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
        }, { passive: false });
        let drag = null;
        figure.addEventListener("pointerdown", function (event) {
          if (event.button !== 0 || event.pointerType === "touch" || event.target.closest("button")) return;
          drag = { x: event.clientX, y: event.clientY, left: figure.scrollLeft, top: figure.scrollTop, pointer: event.pointerId };
        });
        figure.addEventListener("pointermove", function (event) {
          if (!drag || event.pointerId !== drag.pointer) return;
          if (!figure.hasPointerCapture(drag.pointer)) {
            if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 4) return;
            figure.setPointerCapture(drag.pointer);
            figure.classList.add("pl-dragging");
          }
          figure.scrollLeft = drag.left - (event.clientX - drag.x);
          figure.scrollTop = drag.top - (event.clientY - drag.y);
        });
        const stop = function () { drag = null; figure.classList.remove("pl-dragging"); };
        figure.addEventListener("pointerup", stop);
        figure.addEventListener("pointercancel", stop);
      }, this);
    }
  };

  // A diagram's scale: its drawn width over its own.
  function scaleOf(figure) {
    const svg = figure.plSvg;
    return svg.getBoundingClientRect().width / svg.width.baseVal.value;
  }

  function zoom(figure, action) {
    if (action === "wide") {
      const wide = figure.classList.toggle("pl-wide");
      figure.querySelector("[data-zoom=wide]").setAttribute("aria-pressed", String(wide));
    } else if (action === "fit") {
      const svg = figure.plSvg;
      svg.style.width = svg.style.height = "";
      figure.classList.remove("pl-zoomed");
      figure.classList.add("pl-fit");
    } else {
      zoomBy(figure, action === "in" ? ZOOM_STEP : 1 / ZOOM_STEP);
    }
  }

  // Scales a diagram by `factor`, keeping the point at (x, y) (the view's middle by default) still.
  function zoomBy(figure, factor, x, y) {
    const svg = figure.plSvg, width = svg.width.baseVal.value, height = svg.height.baseVal.value;
    if (!(width > 0 && height > 0)) return;
    const box = figure.getBoundingClientRect();
    if (x === undefined) { x = box.left + figure.clientWidth / 2; y = box.top + figure.clientHeight / 2; }
    const before = scaleOf(figure);
    const scale = Math.max(0.05, Math.min(8, before * factor));
    const pointX = x - box.left + figure.scrollLeft, pointY = y - box.top + figure.scrollTop;
    figure.classList.remove("pl-fit");
    figure.classList.add("pl-zoomed");
    svg.style.width = width * scale + "px";
    svg.style.height = height * scale + "px";
    const ratio = scale / before;
    figure.scrollLeft = pointX * ratio - (x - box.left);
    figure.scrollTop = pointY * ratio - (y - box.top);
  }

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
    if (action !== "play") this.pause();
    switch (action) {
      case "start": return this.show(0);
      case "back": return this.show(this.step - 1);
      case "forward": return this.show(this.step + 1);
      case "end": return this.show(this.count - 1);
      case "difference": return this.nextDifference();
      case "play": return this.timer === null ? this.play() : this.pause();
      case "find": return this.input.focus();
    }
  };

  // Whether any part of a player is on screen.
  function inView(player) {
    const box = player.root.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }

  const keys = { ArrowLeft: "back", ArrowRight: "forward", " ": "play", Home: "start", End: "end", d: "difference", D: "difference", "/": "find" };

  // The keys act on the player that holds the focus (while it is on screen) or the pointer; on a
  // page of one player, also while the focus is nowhere else. Otherwise the page has them.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) return;
    if (event.shiftKey && event.key !== "D") return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const focused = document.activeElement;
    const inside = players.find(function (player) { return player.root.contains(focused); });
    const idle = !focused || focused === document.body || focused === document.documentElement;
    let player = null;
    if (inside && (inView(inside) || hovered === inside)) player = inside;
    else if (hovered) player = hovered;
    else if (players.length === 1 && (idle || inside)) player = players[0];
    if (!player) {
      // The focus was left in a player now off screen: the page scrolls, as it would from the body.
      if (inside && event.key === " ") {
        event.preventDefault();
        focused.blur();
        window.scrollBy(0, Math.round(window.innerHeight * 0.85));
      }
      return;
    }
    event.preventDefault();
    player.act(keys[event.key]);
  });

  function openFragment() {
    const match = /^#(.+)&step=(\d+)$/.exec(location.hash);
    if (!match) return;
    const player = players.find(function (candidate) { return candidate.anchor === match[1]; });
    if (!player) return;
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
