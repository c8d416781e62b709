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


def section(stem):
    """The player id of a scenario in the report of Scenarios/: sections follow the files' order."""
    return "s%d" % SCENARIOS.index(stem + ".scenario")


def mediate(*arguments, check=True):
    return subprocess.run([MEDIATE, *arguments], cwd=ROOT, check=check, capture_output=True, text=True)


def setUpModule():
    global folder, playwright, browser
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
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def tearDownModule():
    browser.close()
    playwright.stop()
    shutil.rmtree(folder, ignore_errors=True)


class Page:
    """A page opened in a fresh context, recording console errors, page errors, dialogs and every
    request it makes."""

    def __init__(self, name, fragment="", **context):
        self.context = browser.new_context(viewport={"width": 1600, "height": 1200}, **context)
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
            rendered = page.page.locator(".pl-row").count()
            self.assertLess(rendered, 200)  # the transcript list is virtual: rows in view only
            self.assertEqual(page.errors, [])
            timings.sort()
            print("\nlarge report: 1,000 participants, 100,899 deliveries per design; page %.1f MB written in %.1f s; "
                  "first contentful paint %.0f ms; per step (to the next frame) median %.0f ms, max %.0f ms over %d steps; "
                  "%d transcript rows in the DOM"
                  % (size / 1e6, written, paint, timings[len(timings) // 2], timings[-1], len(timings), rendered),
                  file=sys.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
