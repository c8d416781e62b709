"""The report page's player in a real browser: Debian's Chromium, driven by Playwright for Python
through `executable_path` (no browser download). `make test` installs Playwright in a virtual
environment under .build/ and runs this file with MEDIATE set to the built tool.

The pages are generated here from Scenarios/, Tests/Hostile/hostile-report.scenario, a folder
holding a scenario and a file with errors, and a large scenario from Scripts/generate-scenario.
Where a test needs to know the right answer (which step differs first), it asks
`mediate compare --format json`, not the page.

The large-report figures (time to first paint, time per step) are printed, not asserted: the
machine is shared and noisy.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.exit("player_test: Playwright for Python is missing; `make test` installs it (pip install playwright)")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
MEDIATE = os.environ.get("MEDIATE")
SCENARIOS = sorted(p.name for p in (ROOT / "Scenarios").glob("*.scenario"))
HOSTILE = "</script><img src=x onerror=alert(1)>"
# A message too long for any lane, with a run of 120 letters no space breaks, sent first in
# Tests' long.scenario; the last send there carries NEEDLE, far below the first rows.
LONG = "The quick brown fox jumps over the lazy dog. " * 6 + "y" * 120
NEEDLE = "needle in the haystack"


def section(stem):
    """The player id of a scenario in the report of Scenarios/: sections follow the files' order."""
    return "s%d" % SCENARIOS.index(stem + ".scenario")


def mediate(*arguments, check=True):
    return subprocess.run([MEDIATE, *arguments], cwd=ROOT, check=check, capture_output=True, text=True)


def setUpModule():
    global folder, playwright, browser, blank
    if not MEDIATE or not os.access(MEDIATE, os.X_OK):
        sys.exit("player_test: set MEDIATE to the built mediate (make test does)")
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit("player_test: %s is missing; install Debian's chromium (make test does)" % CHROMIUM)
    folder = Path(tempfile.mkdtemp(prefix="mediate-player-"))
    mediate("report", "Scenarios", "-o", str(folder / "report.html"))
    (folder / "hostile").mkdir()
    shutil.copy(ROOT / "Tests/Hostile/hostile-report.scenario", folder / "hostile")
    mediate("report", str(folder / "hostile"), "-o", str(folder / "hostile.html"))
    global mixed
    (folder / "mixed").mkdir()
    shutil.copy(ROOT / "Scenarios/chat.scenario", folder / "mixed")
    (folder / "mixed/bad.scenario").write_text('participant A\nA -> B: "%s"\n' % HOSTILE)
    mixed = mediate("report", str(folder / "mixed"), "-o", str(folder / "mixed.html"), check=False)
    (folder / "long").mkdir()
    sends = ["A -> B: \"hi %d\"" % n for n in range(80)]
    (folder / "long/long.scenario").write_text("\n".join(
        ['scenario "Long"', "mediator wrapper", "participant A", "participant B", 'A -> B: "%s"' % LONG] + sends
        + ['B -> A: "%s"' % NEEDLE]) + "\n")
    mediate("report", str(folder / "long"), "-o", str(folder / "long.html"))
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    blank = browser.new_page()


def tearDownModule():
    browser.close()
    playwright.stop()
    shutil.rmtree(folder, ignore_errors=True)


class Page:
    """A page opened in a fresh context, recording console errors, page errors, dialogs and every
    request it makes."""

    def __init__(self, name, fragment="", width=1600, height=1200, **context):
        self.context = browser.new_context(viewport={"width": width, "height": height}, **context)
        self.page = self.context.new_page()
        self.errors, self.dialogs, self.requests = [], [], []
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.url = (folder / name).as_uri()
        self.page.goto(self.url + fragment)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.context.close()

    def classes(self, element_id):
        return self.page.evaluate("id => { const e = document.getElementById(id); return e ? [...e.classList] : null }", element_id)

    def text(self, element_id):
        return self.page.evaluate("id => document.getElementById(id)?.textContent", element_id)

    def where(self, player):
        return self.text(player + "-where")

    def current_edges(self, lane):
        """The titles (`FROM->TO`) of the routed diagram's edges highlighted in a lane."""
        return sorted(self.page.evaluate(
            "prefix => [...document.querySelectorAll('g.edge.pl-current')].filter(e => e.id.startsWith(prefix))"
            ".map(e => e.querySelector('title').textContent)", lane + "-link-"))

    def fragment(self):
        return self.page.evaluate("location.hash")

    def data(self, player):
        return self.page.evaluate("id => JSON.parse(document.getElementById(id + '-data').textContent)", player)

    def brightness(self, selector):
        """The mean of the red, green and blue values (0 to 255) of the element's picture."""
        return mean_brightness(self.page.locator(selector).screenshot())


def mean_brightness(png):
    """The mean of the red, green and blue values (0 to 255) of a PNG, decoded by Chromium in a
    blank page of its own: the page under test stays untouched, and Python reads no pixels."""
    return blank.evaluate("""async data => {
        const image = new Image();
        image.src = "data:image/png;base64," + data;
        await image.decode();
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let total = 0;
        for (let at = 0; at < pixels.length; at += 4) total += pixels[at] + pixels[at + 1] + pixels[at + 2];
        return total / (canvas.width * canvas.height * 3);
    }""", base64.b64encode(png).decode("ascii"))


class PlayerTests(unittest.TestCase):
    def test_the_page_is_the_same_bytes_every_time_and_asks_for_nothing_outside(self):
        again = folder / "again.html"
        mediate("report", "Scenarios", "-o", str(again))
        self.assertEqual((folder / "report.html").read_bytes(), again.read_bytes())
        with Page("report.html") as page:
            self.assertEqual(page.requests, [page.url])
            self.assertEqual(page.page.locator(".player:not(.pl-outcomes)").count(), len(SCENARIOS))
            self.assertEqual(page.errors, [])

    def test_every_player_steps_to_the_end_and_back_without_console_errors(self):
        with Page("report.html") as page:
            for stem in SCENARIOS:
                player = "s%d" % SCENARIOS.index(stem)
                page.page.click("#%s-end" % player)
                self.assertTrue(page.where(player).startswith("End, step "), page.where(player))
                if page.page.is_enabled("#%s-difference" % player):
                    page.page.click("#%s-difference" % player)
                page.page.click("#%s-start" % player)
                self.assertTrue(page.where(player).startswith("Start, step 0"))
            self.assertEqual(page.errors, [])
            self.assertEqual(page.dialogs, [])

    def test_stepping_highlights_the_route_and_the_lines_of_the_step(self):
        chat = section("chat")
        with Page("report.html") as page:
            for _ in range(5):  # the four participants, then the first send
                page.page.click("#%s-forward" % chat)
            self.assertEqual(page.where(chat), "Step 5 of 11")
            # Under wrapper (lane 1) the message went through the mediator object; under mesh (lane 3) straight to each peer.
            self.assertEqual(page.current_edges(chat + "-d1"), ["A->mediator", "mediator->B", "mediator->C", "mediator->D"])
            self.assertEqual(page.current_edges(chat + "-d3"), ["A->B", "A->C", "A->D"])
            # Lines 7 to 13 of the wrapper transcript are send 1 with its deliveries and logs.
            self.assertTrue(page.text(chat + "-d1-line-7").startswith("1 A -> *"))
            for line in range(7, 14):
                self.assertIn("pl-now", page.classes("%s-d1-line-%d" % (chat, line)))
            self.assertNotIn("pl-now", page.classes(chat + "-d1-line-14"))
            self.assertIn("pl-past", page.classes(chat + "-d1-line-6"))
            # The sequence view: the step's deliveries are current; the next send is still to come.
            self.assertIn("pl-current", page.classes(chat + "-d1-step-1-delivery-1"))
            self.assertIn("pl-future", page.classes(chat + "-d1-step-2-send"))
            page.page.click("#%s-forward" % chat)
            self.assertIn("pl-past", page.classes(chat + "-d1-step-1-delivery-1"))
            self.assertIn("pl-current", page.classes(chat + "-d1-step-2-send"))
            self.assertEqual(page.current_edges(chat + "-d3"), ["B->A", "B->C", "B->D"])
            # An edge used before and not now is dimmed.
            self.assertIn("pl-past", page.classes(chat + "-d3-link-0"))
            self.assertEqual(page.errors, [])

    def test_the_keyboard_drives_the_player(self):
        chat = section("chat")
        with Page("report.html") as page:
            page.page.focus("#%s-transcript" % chat)
            page.page.keyboard.press("ArrowRight")
            page.page.keyboard.press("ArrowRight")
            self.assertEqual(page.where(chat), "Step 2 of 11")
            self.assertEqual(page.fragment(), "#scenario-chat&step=2")
            page.page.keyboard.press("ArrowLeft")
            self.assertEqual(page.where(chat), "Step 1 of 11")
            page.page.keyboard.press("End")
            self.assertTrue(page.where(chat).startswith("End, step 11 of 11"))
            page.page.keyboard.press("Home")
            self.assertEqual(page.where(chat), "Start, step 0 of 11")
            page.page.keyboard.press(" ")
            self.assertEqual(page.page.get_attribute("#%s-play" % chat, "aria-pressed"), "true")
            page.page.wait_for_function("id => document.getElementById(id).textContent.startsWith('Step 1 ')", arg=chat + "-where")
            page.page.keyboard.press(" ")
            self.assertEqual(page.page.get_attribute("#%s-play" % chat, "aria-pressed"), "false")
            # Tab reaches every control; Enter presses it.
            page.page.focus("#%s-start" % chat)
            page.page.keyboard.press("Enter")
            self.assertEqual(page.where(chat), "Start, step 0 of 11")
            page.page.keyboard.press("Tab")
            page.page.keyboard.press("Tab")
            page.page.keyboard.press("Tab")
            self.assertEqual(page.page.evaluate("document.activeElement.id"), chat + "-forward")
            page.page.keyboard.press("Enter")
            self.assertEqual(page.where(chat), "Step 1 of 11")
            self.assertEqual(page.errors, [])

    def test_a_link_opens_at_its_step(self):
        office = section("office")
        with Page("report.html", "#scenario-office&step=9") as page:
            self.assertEqual(page.where(office).split(",")[0], "Step 9 of 22")
            self.assertEqual(page.page.evaluate("document.getElementById('%s-caption').textContent" % office), "release Bob")
            self.assertEqual(page.errors, [])

    def test_next_difference_lands_on_the_first_line_where_the_designs_part(self):
        for stem in ["office", "control-room"]:
            player = section(stem)
            report = json.loads(mediate("compare", "Scenarios/%s.scenario" % stem, "--format", "json", check=False).stdout)
            first = min(i["firstDifference"]["line"] for i in report["implementations"] if i["firstDifference"])
            with Page("report.html") as page:
                # The lines are numbered as the own kind's transcript numbers them.
                own_lane = page.page.evaluate("id => JSON.parse(document.getElementById(id + '-data').textContent).own", player)
                page.page.click("#%s-difference" % player)
                line = "%s-d%d-line-%d" % (player, own_lane, first)
                self.assertIn("pl-now", page.classes(line), stem)
                self.assertIn("the designs differ here", page.where(player))
                # Some lane marks a line of that step as one that differs.
                marked = page.page.evaluate(
                    "player => document.querySelectorAll('[id^=\"' + player + '-d\"].pl-now.pl-differs').length", player)
                self.assertGreater(marked, 0, stem)
                # The step before it does not differ.
                page.page.click("#%s-back" % player)
                self.assertNotIn("differ", page.where(player))
                self.assertEqual(page.errors, [])

    def test_the_outcomes_player_shows_each_distinct_transcript_and_steps(self):
        # The report explores 200 schedules by default, the ones `mediate explore --schedules 200` runs.
        explored = json.loads(mediate(
            "explore", "Scenarios/last-lamp.scenario", "--mediator", "actor", "--schedules", "200", "--format", "json").stdout)
        transcripts = explored["transcripts"]
        self.assertGreater(len(transcripts), 1)
        player = section("last-lamp") + "-o0"
        with Page("report.html", "#scenario-last-lamp-outcomes-actor&step=0") as page:
            heads = page.page.locator("#%s .pl-head" % player).all_inner_texts()
            self.assertEqual(len(heads), len(transcripts))
            for head, transcript in zip(heads, transcripts):
                self.assertIn("%d of 200 schedules" % transcript["schedules"], head)
                self.assertIn(transcript["hash"], head)
                self.assertIn("--mediator actor --schedule %s" % transcript["firstSchedule"], head)
            self.assertEqual(page.where(player), "Start, step 0 of 7")
            page.page.click("#%s-difference" % player)
            self.assertIn("the outcomes differ here", page.where(player))
            # Each lane holds its transcript, line by line, and some line of the step is marked.
            for lane, transcript in enumerate(transcripts):
                for number, line in enumerate(transcript["example"].splitlines(), start=1):
                    self.assertEqual(page.text("%s-d%d-line-%d" % (player, lane, number)), line)
            self.assertGreater(page.page.locator("#%s-transcript .pl-now.pl-differs" % player).count(), 0)
            page.page.focus("#%s-transcript" % player)
            page.page.keyboard.press("End")
            self.assertEqual(page.where(player), "End, step 7 of 7")
            self.assertEqual(page.fragment(), "#scenario-last-lamp-outcomes-actor&step=7")
            page.page.keyboard.press("ArrowLeft")
            self.assertEqual(page.where(player), "Step 6 of 7")
            self.assertEqual(page.errors, [])

    def test_a_guarded_scenario_frames_its_guards_and_steps_to_the_end(self):
        home = section("smart-home")
        with Page("report.html", "#scenario-smart-home&step=7") as page:
            # Step 7 is the first send: the hub's guard 'if level >= 3' held under wrapper (lane 1).
            self.assertEqual(page.where(home).split(",")[0], "Step 7 of 20")
            frame = home + "-d1-guard-1"
            self.assertIn("pl-current", page.classes(frame))
            self.assertEqual(page.page.locator("#" + frame + " .guard-condition").text_content(), "[level >= 3]")
            self.assertTrue(page.page.locator("#" + frame).is_visible())
            # Drawn, around the three deliveries of send 1.1 (the view is scaled to the lane's width).
            rectangle = page.page.locator("#" + frame + " .guard-frame")
            box = rectangle.bounding_box()
            self.assertTrue(box["width"] > 0 and box["height"] > 0, box)
            self.assertGreater(int(rectangle.get_attribute("height")), 3 * 28)
            # The guard's transcript line is one of the step's lines, and the body's lines follow it.
            now = page.page.evaluate(
                "prefix => [...document.querySelectorAll('[id^=\"' + prefix + '\"].pl-now')].map(e => e.textContent.trim())",
                home + "-d1-line-")
            self.assertEqual(now[:4], ["1 Hallway -> Hub motion(level: 4)", "Hub <- Hallway motion(level: 4)", "if level >= 3",
                                       "1.1 Hub -> * Light, Phone lightsOn(brightness: 80)"])
            # Step by step to the end: every frame is current at its step, then past.
            frames = page.page.evaluate(
                "prefix => [...document.querySelectorAll('[id^=\"' + prefix + '\"].guard')]"
                ".map(e => [e.id, parseInt(e.dataset.step, 10)])", home + "-d")
            # Five under each synchronous design with a mediator (notification-center and combine
            # too), none under mesh, four under the actor and two under async-stream: their
            # transcripts have five guard lines too, and some get no frame (a gap of the player with
            # asynchronous orders, noted for the visualizer's issue).
            self.assertEqual(len(frames), 31)
            while not page.where(home).startswith("End, step "):
                page.page.click("#%s-forward" % home)
                step = int(page.where(home).split(" of ")[0].split()[-1])
                for element, at in frames:
                    expected = "pl-current" if at == step else "pl-past" if at < step else "pl-future"
                    self.assertIn(expected, page.classes(element), (element, step))
            self.assertEqual(page.errors, [])
            self.assertEqual(page.dialogs, [])

    def test_hostile_text_stays_text(self):
        with Page("hostile.html") as page:
            page.page.click("#s0-end")
            self.assertEqual(page.page.locator("img").count(), 0)
            self.assertEqual(page.page.locator("script").count(), 2)  # the page's own script and the player's data
            self.assertEqual(page.dialogs, [])
            self.assertEqual(page.page.locator("h2").nth(1).text_content(), HOSTILE)
            self.assertIn("</script><img src=x onerror=alert(4)>", page.page.locator(".pl-transcript").text_content())
            self.assertEqual(page.errors, [])

    def test_a_file_with_errors_is_a_section_without_a_player(self):
        self.assertEqual(mixed.returncode, 2, mixed.stderr)
        with Page("mixed.html") as page:
            self.assertEqual(page.page.locator(".player").count(), 1)
            invalid = page.page.locator("section.invalid")
            self.assertEqual(invalid.count(), 1)
            self.assertEqual(invalid.locator(".player").count(), 0)
            self.assertIn(HOSTILE, invalid.locator("pre.diagnostics").text_content())
            page.page.click("#s0-end")
            self.assertTrue(page.where("s0").startswith("End, step "), page.where("s0"))
            self.assertEqual(page.page.locator("img").count(), 0)
            self.assertEqual(page.dialogs, [])
            self.assertEqual(page.errors, [])

    def test_dark_mode_and_reduced_motion_are_respected(self):
        with Page("report.html", color_scheme="dark", reduced_motion="reduce") as page:
            background = page.page.evaluate("getComputedStyle(document.body).backgroundColor")
            self.assertEqual(background, "rgb(18, 18, 18)")
            page.page.click("#s0-forward")
            duration = page.page.evaluate("getComputedStyle(document.querySelector('.pl-future, .pl-past')).transitionDuration")
            self.assertEqual(duration, "0s")
        with Page("report.html", color_scheme="light", reduced_motion="no-preference") as page:
            self.assertEqual(page.page.evaluate("getComputedStyle(document.body).backgroundColor"), "rgb(255, 255, 255)")
            page.page.click("#s0-forward")
            duration = page.page.evaluate("getComputedStyle(document.querySelector('.pl-future, .pl-past')).transitionDuration")
            self.assertEqual(duration, "0.2s")


class ReadableDetailTests(unittest.TestCase):
    """The player's detail is readable where it is."""

    def test_a_long_line_wraps_whole_and_shows_in_full_on_hover_and_focus(self):
        with Page("long.html", "#scenario-long&step=3") as page:
            number = page.page.evaluate("text => JSON.parse(document.getElementById('s0-data').textContent)"
                                        ".lanes[0].lines.findIndex(l => l.includes(text)) + 1", LONG)
            line = "s0-d0-line-%d" % number  # the long send, step 3 (after the header, A and B)
            self.assertIn(LONG, page.text(line))
            # Nothing of it is cut: it wraps onto several rows of its cell, and the cell shows all of it.
            cell = page.page.evaluate("""id => { const e = document.getElementById(id);
                return { sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight,
                         overflow: getComputedStyle(e).textOverflow } }""", line)
            self.assertLessEqual(cell["sw"], cell["cw"], cell)
            self.assertLessEqual(cell["sh"], cell["ch"] + 1, cell)
            self.assertGreater(cell["ch"], 3 * 18, cell)
            self.assertNotEqual(cell["overflow"], "ellipsis")
            # It wraps between words: each word narrower than the lane sits on one row.
            split = page.page.evaluate("""id => { const text = document.getElementById(id).firstChild;
                const broken = []; let at = 0;
                for (const word of text.data.split(" ")) {
                  if (word.length > 1 && word.length < 40) {
                    const range = document.createRange(); range.setStart(text, at); range.setEnd(text, at + word.length);
                    const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
                    if (tops.size > 1) broken.push(word);
                  }
                  at += word.length + 1;
                }
                return broken }""", line)
            self.assertEqual(split, [])
            # On hover, its tooltip and the line under the transcripts hold it whole.
            self.assertIn(LONG, page.page.get_attribute("#" + line, "title"))
            page.page.hover("#s0-d1-line-%d" % number)
            self.assertIn(LONG, page.text("s0-detail"))
            kind = page.data("s0")["lanes"][1]["kind"]
            self.assertTrue(page.text("s0-detail").startswith("%s, line %d: " % (kind, number)), page.text("s0-detail"))
            # From the keyboard: Tab to the transcripts, then ↑ ↓ walk their lines, each shown whole.
            page.page.mouse.move(1, 1)
            page.page.focus("#s0-find-next")
            page.page.keyboard.press("Tab")
            for _ in range(20):
                if page.page.evaluate("document.activeElement.id") == "s0-transcript":
                    break
                page.page.keyboard.press("Tab")
            self.assertEqual(page.page.evaluate("document.activeElement.id"), "s0-transcript")
            page.page.keyboard.press("ArrowUp")
            page.page.keyboard.press("ArrowDown")
            active = page.page.get_attribute("#s0-transcript", "aria-activedescendant")
            self.assertIn("pl-active", page.classes(active))
            self.assertIn(page.text(active), page.text("s0-detail"))
            while LONG not in page.text("s0-detail") and page.page.evaluate("document.activeElement.id") == "s0-transcript":
                before = page.text("s0-detail")
                page.page.keyboard.press("ArrowDown")
                if page.text("s0-detail") == before:
                    break
            self.assertIn(LONG, page.text("s0-detail"))
            self.assertEqual(page.errors, [])

    def test_the_diagrams_are_readable_and_zoom_and_pan(self):
        chat = section("chat")
        figure = "%s-d1-messages" % chat
        with Page("report.html", "#scenario-chat&step=5") as page:
            def text_height():
                return page.page.evaluate("id => document.querySelector('#' + id + ' g.node text').getBoundingClientRect().height", figure)
            def svg_width():
                return page.page.evaluate("id => document.querySelector('#' + id + ' svg').getBoundingClientRect().width", figure)
            page.page.locator("#" + figure).scroll_into_view_if_needed()
            # Side by side as the page lays them out, a name in the diagram is at least 9 px high.
            self.assertGreaterEqual(text_height(), 9)
            self.assertGreaterEqual(page.page.evaluate(
                "id => document.querySelector('#' + id + ' .pl-figname').textContent", figure), "wrapper")
            # Its buttons zoom it in, until it is larger than its frame; dragging then pans it.
            width = svg_width()
            page.page.click("#%s button[data-zoom=in]" % figure)
            self.assertAlmostEqual(svg_width() / width, 1.25, delta=0.02)
            for _ in range(8):
                if page.page.evaluate("id => { const f = document.getElementById(id); return f.scrollWidth > f.clientWidth + 50 }", figure):
                    break
                page.page.click("#%s button[data-zoom=in]" % figure)
            self.assertGreater(text_height(), 14)
            box = page.page.locator("#" + figure).bounding_box()
            left = page.page.evaluate("id => document.getElementById(id).scrollLeft", figure)
            page.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.page.mouse.down()
            page.page.mouse.move(box["x"] + box["width"] / 2 - 60, box["y"] + box["height"] / 2, steps=4)
            page.page.mouse.up()
            self.assertAlmostEqual(page.page.evaluate("id => document.getElementById(id).scrollLeft", figure) - left, 60, delta=3)
            # 0 on the focused diagram fits it again; + zooms; Ctrl+wheel (a pinch) zooms too.
            page.page.focus("#" + figure)
            page.page.keyboard.press("0")
            self.assertAlmostEqual(svg_width(), width, delta=1)
            page.page.keyboard.press("+")
            self.assertAlmostEqual(svg_width() / width, 1.25, delta=0.02)
            page.page.keyboard.press("0")
            page.page.mouse.move(box["x"] + 100, box["y"] + 100)
            page.page.keyboard.down("Control")
            page.page.mouse.wheel(0, -200)
            page.page.keyboard.up("Control")
            page.page.wait_for_function("([id, w]) => document.querySelector('#' + id + ' svg').getBoundingClientRect().width > w * 1.5",
                                        arg=[figure, width])
            # Enter widens it to the player's width.
            page.page.focus("#" + figure)
            page.page.keyboard.press("Enter")
            self.assertIn("pl-wide", page.classes(figure))
            self.assertEqual(page.where(chat), "Step 5 of 11")  # none of these keys stepped the player
            self.assertEqual(page.errors, [])

    def test_at_400_px_the_page_does_not_scroll_sideways_and_two_lanes_are_compared(self):
        chat = section("chat")
        with Page("report.html", "#scenario-chat&step=5", width=400, height=900) as page:
            self.assertLessEqual(page.page.evaluate("document.documentElement.scrollWidth"), 400)
            heads = page.page.locator("#%s .pl-head:visible" % chat)
            self.assertEqual(heads.count(), 2)
            self.assertGreaterEqual(heads.first.bounding_box()["width"], 130)
            # The picker adds a lane, and takes one away.
            picker = "#%s-show-3" % chat
            self.assertEqual(page.page.get_attribute(picker, "aria-pressed"), "false")
            page.page.click(picker)
            self.assertEqual(page.page.locator("#%s .pl-head:visible" % chat).count(), 3)
            self.assertTrue(page.text(chat + "-d3-line-7").startswith("1 A -> *"))
            page.page.click(picker)
            self.assertEqual(page.page.locator("#%s .pl-head:visible" % chat).count(), 2)
            self.assertIsNone(page.text(chat + "-d3-line-7"))
            # A diagram starts at its own size, readable, and pans in its frame; Fit shrinks it.
            figure = "%s-d%d-messages" % (chat, page.data(chat)["own"])
            height = "id => document.querySelector('#' + id + ' g.node text').getBoundingClientRect().height"
            self.assertGreaterEqual(page.page.evaluate(height, figure), 12)
            self.assertGreater(page.page.evaluate("id => document.getElementById(id).scrollWidth", figure),
                               page.page.evaluate("id => document.getElementById(id).clientWidth", figure))
            page.page.click("#%s button[data-zoom=fit]" % figure)
            self.assertLess(page.page.evaluate(height, figure), 12)
            for player in ["s0", chat, section("last-lamp") + "-o0"]:
                page.page.goto(page.url + "#%s&step=1" % page.page.get_attribute("#" + player, "data-anchor"))
                self.assertLessEqual(page.page.evaluate("document.documentElement.scrollWidth"), 400, player)
            self.assertEqual(page.errors, [])

    def test_only_the_current_messages_label_stands_out_on_an_edge(self):
        chat = section("chat")
        with Page("report.html", "#scenario-chat&step=6") as page:
            # Step 6 is B's broadcast; under wrapper, mediator -> A carries sends 2, 3 and 4.
            link = "%s-d1-link-5" % chat
            self.assertIn("pl-current", page.classes(link))
            labels = page.page.evaluate("""id => [...document.getElementById(id).querySelectorAll('text')].map(t =>
                [t.textContent, getComputedStyle(t).fill, getComputedStyle(t).fontWeight])""", link)
            self.assertEqual([label[0][:2] for label in labels], ["2:", "3:", "4:"])
            self.assertEqual(labels[0][1:], ["rgb(191, 54, 12)", "700"])
            for label in labels[1:]:
                self.assertNotEqual(label[1], "rgb(191, 54, 12)", label)
                self.assertEqual(label[2], "400", label)
            self.assertEqual(page.errors, [])

    def test_highlighted_arrowheads_keep_their_size_and_take_the_colour(self):
        chat = section("chat")
        with Page("report.html", "#scenario-chat&step=5") as page:
            def arrowhead(row):
                return page.page.evaluate("""id => { const line = document.querySelector('#' + id + ' .arrow');
                    const style = getComputedStyle(line);
                    const marker = document.getElementById(/#([^")]+)/.exec(style.markerEnd)[1]);
                    return [parseFloat(style.strokeWidth) * marker.markerWidth.baseVal.value,
                            getComputedStyle(marker.querySelector('path')).fill, style.stroke] }""", row)
            current, later = arrowhead(chat + "-d1-step-1-delivery-1"), arrowhead(chat + "-d1-step-2-send")
            self.assertIn("pl-current", page.classes(chat + "-d1-step-1-delivery-1"))
            self.assertEqual(current[0], later[0])  # drawn as large
            self.assertEqual(current[1], "rgb(230, 81, 0)")  # in the highlight's colour, as its line
            self.assertEqual(current[2], "rgb(230, 81, 0)")
            self.assertEqual(page.errors, [])

    def test_differs_says_which_design_differs_from_which(self):
        room = section("control-room")
        with Page("report.html") as page:
            data = page.data(room)
            kinds = [lane["kind"] for lane in data["lanes"]]
            page.page.click("#%s-difference" % room)
            step = data["differs"][0]
            reference, odd = data["from"][0], data["odd"][0]
            # At the first difference the asynchronous designs part from the others; the own kind,
            # with the majority, is what they are held against, and is not marked.
            self.assertEqual([kinds[lane] for lane in odd], ["actor", "async-stream"])
            self.assertEqual(reference, data["own"])
            self.assertIn("the designs differ here: actor and async-stream differ from %s" % kinds[data["own"]], page.where(room))
            badges = page.page.locator("#%s .pl-head .pl-badge" % room).all_inner_texts()
            for lane, badge in enumerate(badges):
                self.assertEqual(badge, "differs from " + kinds[reference] if lane in odd else
                                 "the reference here" if lane == reference else "", lane)
            # Only the odd lane's lines are marked; the own kind's are not painted.
            marked = page.page.evaluate(
                "id => [...document.querySelectorAll('[id^=\"' + id + '-d\"].pl-now.pl-differs')].map(e => e.id)", room)
            self.assertGreater(len(marked), 0)
            self.assertTrue(all(any(m.startswith("%s-d%d-" % (room, lane)) for lane in odd) for m in marked), marked)
            self.assertIn("(differs from %s)" % kinds[reference], page.page.get_attribute("#" + marked[0], "title"))
            self.assertEqual(page.page.locator("#%s .pl-differs[id^='%s-d%d-']" % (room, room, data["own"])).count(), 0)
            self.assertTrue(page.where(room).startswith("Step %d " % step))
            self.assertEqual(page.errors, [])

    def test_the_keys_act_only_in_a_player(self):
        chat = section("chat")
        with Page("report.html") as page:
            page.page.click("#%s-forward" % chat)  # the focus stays on the button
            self.assertEqual(page.where(chat), "Step 1 of 11")
            # Scrolled away, the pointer in no player: Space scrolls the page and leaves the player be.
            page.page.evaluate("window.scrollTo(0, 0)")
            page.page.mouse.move(3, 3)
            page.page.keyboard.press(" ")
            self.assertEqual(page.page.get_attribute("#%s-play" % chat, "aria-pressed"), "false")
            self.assertGreater(page.page.evaluate("scrollY"), 0)
            page.page.keyboard.press("ArrowRight")
            self.assertEqual(page.where(chat), "Step 1 of 11")
            # With the pointer over it, the keys drive it, whatever has the focus.
            page.page.locator("#%s-transcript" % chat).scroll_into_view_if_needed()
            page.page.hover("#%s-transcript" % chat)
            page.page.keyboard.press("ArrowRight")
            self.assertEqual(page.where(chat), "Step 2 of 11")
            # The pointer out of it and the focus nowhere: the keys are the page's again.
            page.page.mouse.move(3, 3)
            page.page.evaluate("document.activeElement.blur()")
            page.page.keyboard.press("ArrowRight")
            self.assertEqual(page.where(chat), "Step 2 of 11")
        with Page("mixed.html") as page:  # one player on the page: the keys are its own
            page.page.mouse.move(3, 3)
            page.page.keyboard.press("ArrowRight")
            self.assertEqual(page.where("s0"), "Step 1 of 11")
            self.assertEqual(page.errors, [])

    def test_in_dark_mode_the_diagrams_are_dark(self):
        chat = section("chat")
        for scheme, check in [("dark", lambda value: self.assertLess(value, 80)),
                              ("light", lambda value: self.assertGreater(value, 180))]:
            with Page("report.html", "#scenario-chat&step=5", color_scheme=scheme, reduced_motion="reduce") as page:
                for figure in ["%s-d1-messages" % chat, "%s-d1-sequence" % chat]:
                    page.page.locator("#" + figure).scroll_into_view_if_needed()
                    check(page.brightness("#%s svg" % figure))
                check(page.brightness("#scenario-chat .diagram svg"))
                self.assertEqual(page.errors, [])

    def test_search_finds_a_line_out_of_view(self):
        with Page("long.html") as page:
            data = page.data("s0")
            # The send and its delivery hold it, in every lane (all are shown at 1,600 px).
            total = sum(1 for lane in data["lanes"] for line in lane["lines"] if NEEDLE in line)
            lanes = len(data["lanes"])
            self.assertEqual(total, 2 * lanes)
            needle = next(n for n, line in enumerate(data["lanes"][0]["lines"], start=1) if NEEDLE in line)
            self.assertIsNone(page.text("s0-d0-line-%d" % needle))  # not in the DOM: the list is virtual
            page.page.fill("#s0-find", "NEEDLE in")
            page.page.press("#s0-find", "Enter")
            self.assertEqual(page.text("s0-found"), "1 of %d" % total)
            cell = "s0-d0-line-%d" % needle
            self.assertIn("pl-match", page.classes(cell))
            self.assertEqual(page.page.locator("#%s mark" % cell).text_content(), "needle in")
            # Scrolled to: the line is inside the transcripts' frame.
            inside = page.page.evaluate("""id => { const c = document.getElementById(id).getBoundingClientRect();
                const b = document.getElementById('s0-transcript').getBoundingClientRect();
                return c.top >= b.top && c.bottom <= b.bottom }""", cell)
            self.assertTrue(inside)
            self.assertIn(NEEDLE, page.text("s0-detail"))
            # Next, then previous; the keys of the player do not fire while typing.
            page.page.press("#s0-find", "Enter")
            self.assertEqual(page.text("s0-found"), "2 of %d" % total)  # the same row, in the next lane
            self.assertIn("pl-match", page.classes("s0-d1-line-%d" % needle))
            self.assertNotIn("pl-match", page.classes(cell))
            page.page.click("#s0-find-previous")
            self.assertEqual(page.text("s0-found"), "1 of %d" % total)
            page.page.press("#s0-find", "Shift+Enter")
            self.assertEqual(page.text("s0-found"), "%d of %d" % (total, total))  # round to the last
            page.page.fill("#s0-find", "no such text d")
            page.page.press("#s0-find", "Enter")
            self.assertIn("No line holds", page.text("s0-found"))
            self.assertTrue(page.where("s0").startswith("Start, step 0"))
            # / goes to the search box.
            page.page.evaluate("document.activeElement.blur()")
            page.page.keyboard.press("/")
            self.assertEqual(page.page.evaluate("document.activeElement.id"), "s0-find")
            self.assertEqual(page.errors, [])


class LargeReportTests(unittest.TestCase):
    """1,000 participants and 101 broadcasts: 100,899 deliveries under each design."""

    def test_a_large_report_opens_and_steps(self):
        scenario = folder / "large"
        scenario.mkdir()
        with open(scenario / "large.scenario", "w") as file:
            subprocess.run([str(ROOT / "Scripts/generate-scenario"), "1000", "101"], stdout=file, check=True)
        started = time.monotonic()
        mediate("report", str(scenario), "-o", str(folder / "large.html"))
        written = time.monotonic() - started
        size = (folder / "large.html").stat().st_size
        with Page("large.html") as page:
            paint = page.page.evaluate(
                "performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint')?.startTime")
            # The last broadcast's step holds 1,999 lines per lane; jump there, then step back and forth.
            timings = page.page.evaluate("""async () => {
                const frame = () => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
                const times = [];
                for (const action of ['end', 'back', 'back', 'forward', 'start', 'forward', 'forward', 'forward', 'difference']) {
                    const start = performance.now();
                    document.getElementById('s0-' + action).click();
                    await frame();
                    times.push(performance.now() - start);
                }
                return times;
            }""")
            rendered = page.page.locator(".pl-cell").count()
            shown = page.page.locator("#s0 .pl-head:visible").count()
            # The transcript list is virtual: the lines in view only, with ten rows either side.
            self.assertLess(rendered, shown * 50)
            # The search reads every line of the shown lanes: the last broadcast's, far out of view.
            started = time.monotonic()
            page.page.fill("#s0-find", "message 101")
            page.page.press("#s0-find", "Enter")
            searched = time.monotonic() - started
            # From the top of the view (the step Next difference went to); one match per send
            # and delivery of the last broadcast in every lane.
            self.assertRegex(page.text("s0-found"), r"^\d+ of %d$" % (shown * 1000))
            self.assertIn("message 101", page.page.locator("#s0-transcript .pl-match mark").text_content())
            self.assertEqual(page.errors, [])
            timings.sort()
            print("\nlarge report: 1,000 participants, 100,899 deliveries per design; page %.1f MB written in %.1f s; "
                  "first contentful paint %.0f ms; per step (to the next frame) median %.0f ms, max %.0f ms over %d steps; "
                  "%d transcript lines in the DOM (%d lanes shown); a search through every line %.0f ms"
                  % (size / 1e6, written, paint, timings[len(timings) // 2], timings[-1], len(timings), rendered, shown,
                     searched * 1000),
                  file=sys.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
