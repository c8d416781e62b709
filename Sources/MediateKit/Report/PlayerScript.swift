/// The report page's player, as inline CSS and script.
///
/// Each `.player` reads its section's JSON (`ID-data`, see `HTMLReport.playerData`) and keeps
/// every design's lane at the same top-level step. Step 0 is the header; the last step is the
/// `end:` line. At a step:
/// - the transcripts, aligned so that a step starts on the same row in every lane, show only the
///   rows in view (a long run stays light), the step's lines marked `pl-now` and scrolled into
///   view; each line is `ID-dL-line-N` (lane L, line N counted from 1);
/// - the routed message diagram's edges (`ID-dL-link-K`) the step used are `pl-current`,
///   edges used before are `pl-past`, the others `pl-future`; the sequence view's rows and
///   activations, by their `data-step`, likewise;
/// - the URL fragment is `#ANCHOR&step=N`, and a page opened at it starts at that step.
/// A diagram grows to the player's width on a click or Enter, and back.
/// Keys, while focus is in a player or it was the last one used: ← → step, space plays and
/// pauses, Home and End jump, D goes to the next difference. A player's data may name what its
/// lanes are (`noun`, `outcomes` in an outcomes section); it is `designs` otherwise.
enum PlayerScript {
    static let css = """
        .player{margin:.5rem 0 1.5rem}.pl-controls{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
        .pl-controls button{font:inherit;padding:.3rem .7rem;border:1px solid #90a4ae;border-radius:4px;background:#eceff1;color:inherit;cursor:pointer}
        .pl-controls button:focus-visible,.pl-transcript:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
        .pl-controls button[aria-pressed=true]{background:#ffe0b2}.pl-controls button:disabled{opacity:.5;cursor:default}
        .pl-where{margin-left:.5rem;font-variant-numeric:tabular-nums}.pl-caption{font-family:monospace;min-height:1.3em;margin:.4rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
        .pl-heads,.pl-row,.pl-diagrams{display:grid;grid-template-columns:repeat(var(--lanes),minmax(0,1fr));gap:0 .6rem}
        .pl-head{font-weight:bold;padding:.3rem .4rem;background:#f5f5f5;border:1px solid #e0e0e0}.pl-own{font-weight:normal;color:#616161;font-size:.85em}
        .pl-transcript{position:relative;height:22.5rem;overflow:auto;border:1px solid #e0e0e0;font-family:monospace;font-size:.75rem}
        .pl-row{position:absolute;left:0;right:0;height:18px;line-height:18px}
        .pl-cell{white-space:pre;overflow:hidden;text-overflow:ellipsis;padding:0 .3rem;color:#9e9e9e}
        .pl-cell.pl-past{color:#616161}.pl-cell.pl-now{color:inherit;background:#fff3e0;font-weight:bold}
        .pl-cell.pl-differs{box-shadow:inset 3px 0 #f9a825;background-color:#fff8d6}.pl-cell.pl-now.pl-differs{background:#ffe082}
        .pl-now-sample{background:#fff3e0;font-weight:bold;padding:0 .3rem}.pl-differs-sample{box-shadow:inset 3px 0 #f9a825;background:#fff8d6;padding:0 .3rem}
        .pl-diagrams{align-items:start}.pl-diagram{margin:0;overflow:auto;border:1px solid #e0e0e0;background:#fff;color:#212121;max-height:36rem}
        .pl-diagram svg{max-width:100%;height:auto}.pl-diagram p{margin:.4rem}.pl-diagram:focus-visible{outline:3px solid #ff9800}
        .pl-diagram.pl-wide{grid-column:1/-1;max-height:none}.pl-diagram.pl-wide svg{max-width:none}
        .pl-future{opacity:.22}.pl-past{opacity:.6}
        g.edge.pl-current path,.pl-current .arrow,.pl-current.activation{stroke:#e65100;stroke-width:3}
        g.edge.pl-current polygon{stroke:#e65100;fill:#e65100}g.edge.pl-current text{fill:#bf360c;font-weight:bold}
        .pl-current.note rect{stroke-width:3}.pl-current.guard .guard-frame{stroke-width:2}
        @media (prefers-reduced-motion:no-preference){.player:not(.pl-large) :is(.pl-future,.pl-past,.pl-current){transition:opacity .2s}}
        .pl-large .pl-diagram{content-visibility:auto;contain-intrinsic-size:auto 30rem}
        @media (prefers-color-scheme:dark){.pl-head{background:#1e1e1e;border-color:#424242}.pl-own{color:#aaa}
        .pl-controls button{background:#263238;border-color:#607d8b}.pl-controls button[aria-pressed=true]{background:#5d4037}
        .pl-transcript{border-color:#424242}.pl-cell{color:#757575}.pl-cell.pl-past{color:#bdbdbd}
        .pl-cell.pl-now,.pl-now-sample{background:#4e342e}.pl-cell.pl-differs,.pl-differs-sample{background-color:#3e3514}
        .pl-cell.pl-now.pl-differs{background:#6d5a16}}
        .pl-outcome{font-weight:normal}.pl-outcome>*{display:block;overflow-wrap:anywhere}.pl-verdict{color:#2e7d32}.pl-fails{background:#ffebee}
        .pl-fails .pl-verdict{color:#b71c1c;font-weight:bold}.pl-replay{user-select:all;cursor:text;white-space:pre-wrap;
        overflow-wrap:anywhere;font-size:.8em;margin-top:.2rem;padding:.1rem .3rem;background:#fff;border:1px solid #cfd8dc}
        @media (prefers-color-scheme:dark){.pl-verdict{color:#81c784}.pl-head.pl-fails{background:#4a1c1c}
        .pl-fails .pl-verdict{color:#ef9a9a}.pl-replay{background:#121212;border-color:#455a64}}

        """

    static let javaScript = #"""
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

        """#
}

/// JSON text for the report's inline data, written directly so that the same input gives the
/// same bytes: `<`, `>` and `&` as `\u00XX`, so that no text can end the script element.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<", ">", "&", "\u{2028}", "\u{2029}",
                _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func array(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }
}
