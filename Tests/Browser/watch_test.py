"""`mediate watch` end to end: the real tool on real files, and its served page in Debian's Chromium
through Playwright for Python (`executable_path`, no browser download). `make test` runs this file
with MEDIATE set to the built tool.

Nothing here measures time: each step waits for what the tool prints (its status lines, its URL)
or for the page to show something, with generous timeouts, never for a fixed delay; but for one
bound on CPU, which tells a spinning process (2 s in 2 s) from an idle one.
"""

import array
import errno
import fcntl
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import threading
import time
import unittest
import urllib.request
from pathlib import Path

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.exit("watch_test: Playwright for Python is missing; `make test` installs it (pip install playwright)")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
MEDIATE = os.environ.get("MEDIATE")
TIMEOUT = 120  # seconds: a shared, loaded machine may be slow; nothing asserts a duration
MUSKETEERS = (ROOT / "Scenarios/musketeers.scenario").read_text()
# A watch started with SIGINT ignored keeps it ignored, as a background job's commands do; so
# does this test when a non-interactive shell starts it in the background (`make test &`). The
# watches it starts are sent SIGINT, so they start with its default action: a signal that has a
# handler here is reset to the default in a program that is executed.
signal.signal(signal.SIGINT, signal.default_int_handler)


class Watch:
    """`mediate watch ARGS` in `folder`, its standard output and error read as they come."""

    def __init__(self, folder, *arguments, files=None):
        """`files`: the most descriptors the process may open (RLIMIT_NOFILE), if given."""

        def limit():
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

        self.process = subprocess.Popen(
            [MEDIATE, "watch", *arguments], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit
        )
        self.lines, self.errors = [], []
        self.changed = threading.Condition()
        self.readers = [
            threading.Thread(target=self._read, args=(stream, into), daemon=True)
            for stream, into in ((self.process.stdout, self.lines), (self.process.stderr, self.errors))
        ]
        for reader in self.readers:
            reader.start()

    def close(self):
        """Kills the process if it still runs, and closes its pipes once they are read to the end."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for reader in self.readers:
            reader.join(TIMEOUT)
        self.process.stdout.close()
        self.process.stderr.close()

    def _read(self, stream, into):
        for line in stream:
            with self.changed:
                into.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, pattern, after=0, errors=False):
        """The first line (from line `after` on) matching `pattern`; fails after TIMEOUT."""
        into = self.errors if errors else self.lines
        deadline = time.monotonic() + TIMEOUT
        with self.changed:
            while True:
                for line in into[after:]:
                    if re.search(pattern, line):
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None and not self._more(into):
                    raise AssertionError(
                        "no line matching %r; stdout:\n%s\nstderr:\n%s"
                        % (pattern, "\n".join(self.lines), "\n".join(self.errors))
                    )
                self.changed.wait(min(left, 1))

    def _more(self, into):
        # The process ended: give the readers a moment's chance to deliver what is left.
        self.changed.wait(1)
        return False

    def status_count(self):
        with self.changed:
            return sum(1 for line in self.lines if line.startswith("["))

    def status_after(self, count, pattern):
        """The next status line after the first `count`, which must match `pattern`."""
        deadline = time.monotonic() + TIMEOUT
        with self.changed:
            while True:
                statuses = [line for line in self.lines if line.startswith("[")]
                if len(statuses) > count:
                    line = statuses[count]
                    assert re.search(pattern, line), "status %r does not match %r; stderr:\n%s" % (
                        line,
                        pattern,
                        "\n".join(self.errors),
                    )
                    return line
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise AssertionError("no status line after %d: %s" % (count, self.lines))
                self.changed.wait(1)

    def url(self):
        return re.search(r"http://\S+/", self.wait_for(r"^Serving the report page at ")).group(0)

    def stop(self, number=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(number)
        return self.process.wait(timeout=TIMEOUT)


def write_atomically(path, text):
    """As many editors save: a new file beside it, renamed over it (a new inode)."""
    temporary = path.with_name("." + path.name + ".swp")
    temporary.write_text(text)
    os.rename(temporary, path)


def children(pid):
    """The processes whose parent is `pid`, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def wait_for_child(pid):
    """The one process the watch `pid` started for its change, once there is one."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = children(pid)
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError("the watch started no process for its change")


def pipe_bytes(stream):
    """How many bytes wait to be read in the pipe `stream` reads from."""
    count = array.array("i", [0])
    fcntl.ioctl(stream.fileno(), termios.FIONREAD, count)
    return count[0]


def cpu_seconds(pid):
    """The user and system CPU time process `pid` has used, from /proc."""
    fields = Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def setUpModule():
    if not MEDIATE or not os.access(MEDIATE, os.X_OK):
        sys.exit("watch_test: set MEDIATE to the built mediate (make test does)")


class WatchTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="mediate-watch-"))
        self.file = self.folder / "m.scenario"
        self.file.write_text(MUSKETEERS)
        self.watches = []

    def tearDown(self):
        for watch in self.watches:
            watch.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def watch(self, *arguments):
        watch = Watch(self.folder, *arguments)
        self.watches.append(watch)
        return watch

    def test_a_broken_edit_prints_its_errors_and_a_fix_runs_again(self):
        watch = self.watch("m.scenario")
        watch.status_after(0, r"^\[\d\d:\d\d:\d\d\] m\.scenario: ok$")
        write_atomically(self.file, 'scenario "Broken"\nAthos -> Porthos: "hi"\n')
        watch.status_after(1, r"m\.scenario: has errors")
        watch.wait_for(r"^m\.scenario:2:1: error: unknown participant 'Athos'", errors=True)
        write_atomically(self.file, MUSKETEERS)
        watch.status_after(2, r"m\.scenario: ok$")
        # The transcript, as `run` prints it, came before each status line.
        self.assertIn("end: 4 sends, 9 deliveries, 0 errors, 0 failed expectations", watch.lines)
        self.assertEqual(watch.stop(), -signal.SIGTERM)

    def test_a_run_that_hangs_or_dies_does_not_end_the_watch(self):
        # Each change runs in a process of its own. One that hangs, as a design caught in a loop
        # would, is made here without timing: its transcript is far larger than a pipe holds, and
        # nothing reads the pipe, so the process can never finish.
        large = subprocess.run(
            [str(ROOT / "Scripts/generate-scenario"), "2", "20000"], check=True, capture_output=True, text=True
        ).stdout
        self.file.write_text(large)
        for number in [signal.SIGTERM, signal.SIGINT]:
            # Stopped while its run hangs: the run gets SIGTERM too, and the watch ends by its signal.
            process = subprocess.Popen([MEDIATE, "watch", "m.scenario"], cwd=self.folder, stdout=subprocess.PIPE)
            wait_for_child(process.pid)
            process.send_signal(number)
            self.assertEqual(process.wait(timeout=TIMEOUT), -number)
            self.assertEqual(children(process.pid), [])
            process.stdout.close()
        # Killed: the watch says so, goes on, and runs the next change. The run is killed once the
        # pipe is full, so it leaves a line unfinished (64 KiB of the transcript); the watch's
        # status must still start a line of its own.
        process = subprocess.Popen([MEDIATE, "watch", "m.scenario"], cwd=self.folder, stdout=subprocess.PIPE, text=True)
        try:
            run = wait_for_child(process.pid)
            deadline = time.monotonic() + TIMEOUT
            while pipe_bytes(process.stdout) < 65536 and time.monotonic() < deadline:
                time.sleep(0.05)
            os.kill(run, signal.SIGKILL)
            for line in process.stdout:
                if "its run ended" in line:
                    break
            self.assertRegex(line, r"^\[.*\] m\.scenario: its run ended by signal 9 \(Killed\); watching for the next change$")
            write_atomically(self.file, MUSKETEERS)
            for line in process.stdout:
                if line.startswith("["):
                    break
            self.assertRegex(line, r"^\[.*\] m\.scenario: ok$")
        finally:
            process.kill()
            process.wait()
            process.stdout.close()

    def hanging(self, *arguments):
        """A watch of m.scenario whose first run takes minutes and prints nothing while it runs:
        200,000 sends, each tested against 1,000 guards that never hold, its transcript written
        into a folder (so reading the watch's output for its status line cannot hurry it)."""
        guards = "".join("on B receives ping(n) if n < %d { log \"never\" }\n" % -i for i in range(1000))
        self.file.write_text("participant A\nparticipant B\n" + guards + "A -> B: ping(n: 1)\n" * 200_000)
        process = subprocess.Popen(
            [MEDIATE, "watch", "m.scenario", "--output", "out", "--max-reactions", "1000000000", *arguments],
            cwd=self.folder, stdout=subprocess.PIPE, text=True,
        )
        self.addCleanup(process.stdout.close)
        self.addCleanup(process.wait)
        self.addCleanup(process.kill)
        return process

    @staticmethod
    def next_status(process):
        for line in process.stdout:
            if line.startswith("["):
                return line
        raise AssertionError("the watch ended without a status line")

    def test_a_newer_save_stops_the_stale_run(self):
        # A fix was not picked up until the stale run ended (40 minutes, for one file).
        process = self.hanging()
        wait_for_child(process.pid)
        write_atomically(self.file, MUSKETEERS)
        self.assertRegex(
            self.next_status(process), r"^\[.*\] m\.scenario: its run was stopped: saved again; running it again$"
        )
        self.assertRegex(self.next_status(process), r"^\[.*\] m\.scenario: ok; files in out/m$")

    def test_a_change_past_its_time_limit_is_stopped(self):
        process = self.hanging("--timeout", "0.5")
        self.assertRegex(
            self.next_status(process),
            r"^\[.*\] m\.scenario: its run took longer than 0\.5 s \(--timeout\) and was stopped; watching for the next change$",
        )
        write_atomically(self.file, MUSKETEERS)
        self.assertRegex(self.next_status(process), r"^\[.*\] m\.scenario: ok; files in out/m$")

    def test_deleted_then_created_again(self):
        watch = self.watch("m.scenario")
        watch.status_after(0, r"m\.scenario: ok$")
        self.file.unlink()
        watch.status_after(1, r"m\.scenario: gone \(deleted or renamed\); watching for it to come back")
        self.file.write_text(MUSKETEERS.replace("Charge!", "Charge again!"))
        watch.status_after(2, r"m\.scenario: ok$")
        watch.wait_for(r'mediator -> \* "Charge again!"')

    def test_renamed_away_and_back_and_saved_by_rename(self):
        watch = self.watch(".")
        watch.status_after(0, r"\./m\.scenario: ok$")
        os.rename(self.file, self.folder / "m.scenario.bak")  # not a scenario: m.scenario is gone
        watch.status_after(1, r"\./m\.scenario: gone")
        os.rename(self.folder / "m.scenario.bak", self.file)
        watch.status_after(2, r"\./m\.scenario: ok$")
        # vim's way: the old file renamed to a backup, the new one written, the backup removed.
        os.rename(self.file, self.folder / "m.scenario~")
        self.file.write_text(MUSKETEERS.replace("Charge!", "Saved by vim"))
        (self.folder / "m.scenario~").unlink()
        watch.wait_for(r'mediator -> \* "Saved by vim"')
        # A new scenario in a new folder is watched too.
        (self.folder / "more").mkdir()
        (self.folder / "more/n.scenario").write_text(MUSKETEERS)
        watch.wait_for(r"^\[.*\] \./more/n\.scenario: ok$")

    def test_binary_garbage_and_a_file_of_100000_lines(self):
        # The report of 100,000 lines takes the debug build more than the default --timeout (60 s)
        # on a loaded machine; what is tested here is that it runs, not how fast. Its page holds
        # each line once per design (70 MB under eight), past the default --max-output (64M).
        watch = self.watch("m.scenario", "--serve", "--port", "0", "--timeout", "600", "--max-output", "256M")
        url = watch.url()
        watch.status_after(0, r"m\.scenario: ok; page updated$")
        self.file.write_bytes(bytes(range(256)) * 64 + b"\xff\xfe\x00garbage")
        watch.wait_for(r"m\.scenario: has errors", after=0)
        large = subprocess.run(
            [str(ROOT / "Scripts/generate-scenario"), "2", "100000"], check=True, capture_output=True, text=True
        ).stdout
        self.assertGreaterEqual(large.count("\n"), 100_000)
        count = watch.status_count()
        write_atomically(self.file, large)
        watch.status_after(count, r"m\.scenario: ok; page updated$")
        page = urllib.request.urlopen(url, timeout=TIMEOUT).read().decode()
        self.assertIn("message 100000", page)
        self.assertEqual(watch.stop(signal.SIGINT), -signal.SIGINT)

    def test_output_and_check(self):
        goldens = self.folder / "goldens"
        self.assertEqual(
            subprocess.run([MEDIATE, "run", "m.scenario", "--mediator", "all", "--output", str(goldens)], cwd=self.folder).returncode,
            0,
        )
        watch = self.watch("m.scenario", "--output", "out", "--check", "--goldens", "goldens")
        watch.status_after(0, r"m\.scenario: ok; check passed; files in out/m$")
        self.assertTrue((self.folder / "out/m/wrapper.transcript").is_file())
        self.assertTrue((self.folder / "out/m/wrapper.messages.svg").is_file())
        write_atomically(self.file, MUSKETEERS.replace("Charge!", "Retreat!"))
        watch.status_after(1, r"m\.scenario: ok; check failed \(above\); files in out/m$")
        watch.wait_for(r"^FAIL m\.scenario \[wrapper\]")
        self.assertIn("Retreat!", (self.folder / "out/m/wrapper.transcript").read_text())
        # No temporary file is left beside what was written.
        self.assertEqual([p.name for p in (self.folder / "out/m").iterdir() if "mediate-tmp" in p.name], [])

    def test_output_into_the_goldens_is_refused(self):
        result = subprocess.run(
            [MEDIATE, "watch", "m.scenario", "--output", "g", "--check", "--goldens", "./g/"],
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        self.assertEqual(result.returncode, 64)
        self.assertIn("--output and --goldens name the same folder", result.stderr)

    def test_non_loopback_is_refused_unless_allowed(self):
        for host in ["0.0.0.0", "192.0.2.1", "example.com", "::"]:
            result = subprocess.run(
                [MEDIATE, "watch", "m.scenario", "--serve", "--host", host], cwd=self.folder, capture_output=True, text=True, timeout=TIMEOUT
            )
            self.assertEqual(result.returncode, 64, host)
            self.assertIn("is not a loopback address", result.stderr)
            self.assertIn("--allow-remote", result.stderr)
        result = subprocess.run(
            [MEDIATE, "watch", "m.scenario", "--port", "0"], cwd=self.folder, capture_output=True, text=True, timeout=TIMEOUT
        )
        self.assertEqual(result.returncode, 64)
        watch = self.watch("m.scenario", "--serve", "--host", "0.0.0.0", "--allow-remote", "--port", "0")
        self.assertTrue(watch.url().startswith("http://0.0.0.0:"))
        self.assertEqual(watch.stop(), -signal.SIGTERM)

    def test_sigterm_and_sigint_stop_cleanly_with_clients_connected(self):
        for number in [signal.SIGTERM, signal.SIGINT]:
            watch = self.watch("m.scenario", "--serve", "--port", "0")
            url = watch.url()
            watch.status_after(0, r"page updated$")
            port = int(url.rsplit(":", 1)[1].strip("/"))
            # An open event stream, as an open page holds.
            events = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
            events.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            received = b""
            while b"event: version" not in received:
                chunk = events.recv(4096)
                self.assertTrue(chunk, received)
                received += chunk
            self.assertEqual(watch.stop(number), -number)
            self.assertEqual(watch.errors, [])
            with self.assertRaises(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT).sendall(b"GET / HTTP/1.1\r\n\r\n")
            events.close()

    def test_a_greedy_client_stops_neither_the_page_nor_the_runs(self):
        # 1,100 connections that never send a byte, then 40 event streams, against a watch allowed
        # 1,024 descriptors (many systems' default). It used to run out of them: the page stopped
        # answering, a save could not start its run, and the accept loop spun a core.
        watch = Watch(self.folder, "m.scenario", "--serve", "--port", "0", files=1024)
        self.watches.append(watch)
        url = watch.url()
        watch.status_after(0, r"page updated$")
        port = int(url.rsplit(":", 1)[1].strip("/"))
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
        clients = []
        try:
            for _ in range(1100):
                # Without waiting: a server that stopped accepting would leave connect hanging.
                client = socket.socket()
                client.setblocking(False)
                self.assertIn(client.connect_ex(("127.0.0.1", port)), (0, errno.EINPROGRESS))
                clients.append(client)
            answers = []
            for _ in range(40):
                client = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
                client.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                clients.append(client)
                answers.append(client.recv(4096).split(b"\r\n", 1)[0])
            self.assertEqual(answers.count(b"HTTP/1.1 200 OK"), 32, answers)
            self.assertEqual(answers.count(b"HTTP/1.1 503 Service Unavailable"), 8, answers)
            # The page answers, and a save starts its run.
            self.assertIn("mediate watch: reloads", urllib.request.urlopen(url, timeout=TIMEOUT).read().decode())
            write_atomically(self.file, MUSKETEERS.replace('"hi"', '"hello"'))
            watch.status_after(1, r"m\.scenario: ok.*page updated$")
            # Its descriptors stay under the cap (256 connections) and a few of its own, and it
            # does not spin: over 2 s with every connection held, far less than 2 s of CPU.
            descriptors = len(os.listdir("/proc/%d/fd" % watch.process.pid))
            before = cpu_seconds(watch.process.pid)
            time.sleep(2)
            cpu = cpu_seconds(watch.process.pid) - before
            print("\n  1,100 idle connections and 40 event streams: %d descriptors, %.2f s CPU in 2 s" % (descriptors, cpu), file=sys.stderr)
            self.assertLess(descriptors, 256 + 64)
            self.assertLess(cpu, 1.0)
        finally:
            for client in clients:
                client.close()
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        code = watch.stop()
        for reader in watch.readers:
            reader.join(TIMEOUT)
        self.assertEqual(code, -signal.SIGTERM, "\n".join(watch.errors[:60]))

    def test_head_two_host_headers_and_a_bracketed_ipv6_loopback(self):
        watch = self.watch("m.scenario", "--serve", "--host", "[::1]", "--port", "0")
        url = watch.url()
        self.assertTrue(url.startswith("http://[::1]:"), url)
        watch.status_after(0, r"page updated$")
        head = urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=TIMEOUT)
        self.assertEqual((head.status, head.headers["Content-Type"], head.read()), (200, "text/html; charset=utf-8", b""))
        port = int(url.rsplit(":", 1)[1].strip("/"))
        client = socket.create_connection(("::1", port), timeout=TIMEOUT)
        client.sendall(b"GET / HTTP/1.1\r\nHost: [::1]\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")
        self.assertTrue(client.recv(4096).startswith(b"HTTP/1.1 400"))
        client.close()
        self.assertEqual(watch.stop(), -signal.SIGTERM)

    def test_clients_that_disconnect_mid_request(self):
        watch = self.watch("m.scenario", "--serve", "--port", "0")
        url = watch.url()
        watch.status_after(0, r"page updated$")
        port = int(url.rsplit(":", 1)[1].strip("/"))
        requests = [
            b"GET / HTT",  # half a request line
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # headers not finished
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # the page, never read
            b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # an event stream, dropped
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(64),  # TLS to a plain HTTP port
        ]
        for _ in range(20):
            for request in requests:
                client = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
                client.sendall(request)
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # RST
                client.close()
        # Still serving, to a well-behaved client, and a foreign Host header is refused.
        self.assertIn("mediate watch: reloads", urllib.request.urlopen(url, timeout=TIMEOUT).read().decode())
        forbidden = urllib.request.Request(url, headers={"Host": "attacker.example"})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(forbidden, timeout=TIMEOUT)
        self.assertEqual(refused.exception.code, 403)
        self.assertIsNone(watch.process.poll())
        self.assertEqual(watch.stop(), -signal.SIGTERM)
        self.assertEqual(watch.errors, [])


class ReloadTests(unittest.TestCase):
    """The served page in Chromium: it reloads itself when the file changes."""

    @classmethod
    def setUpClass(cls):
        if not os.access(CHROMIUM, os.X_OK):
            sys.exit("watch_test: %s is missing; install Debian's chromium (make test does)" % CHROMIUM)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()

    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="mediate-watch-page-"))
        self.file = self.folder / "m.scenario"
        self.file.write_text(MUSKETEERS)
        self.watch = Watch(self.folder, "m.scenario", "--serve", "--port", "0")

    def tearDown(self):
        self.watch.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_the_page_reloads_with_the_new_content_at_its_step(self):
        url = self.watch.url()
        self.watch.status_after(0, r"page updated$")
        page = self.browser.new_page()
        problems = []
        page.on("console", lambda message: message.type == "error" and problems.append(message.text))
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(url + "#scenario-m&step=3")
        page.wait_for_function("document.body.textContent.includes('Charge!')", timeout=TIMEOUT * 1000)
        # A mark that a reload wipes out.
        page.evaluate("window.notReloaded = true")
        write_atomically(self.file, MUSKETEERS.replace("Charge!", "En garde!"))
        page.wait_for_function(
            "!window.notReloaded && document.body.textContent.includes('En garde!')", timeout=TIMEOUT * 1000
        )
        self.assertNotIn("Charge!", page.text_content("body"))
        self.assertTrue(page.url.endswith("#scenario-m&step=3"), page.url)
        # Broken: the page shows the errors; fixed: the report again.
        write_atomically(self.file, 'scenario "B"\nNobody -> *: "x"\n')
        page.wait_for_function("document.body.textContent.includes(\"unknown participant 'Nobody'\")", timeout=TIMEOUT * 1000)
        write_atomically(self.file, MUSKETEERS)
        page.wait_for_function("document.body.textContent.includes('Charge!')", timeout=TIMEOUT * 1000)
        self.assertEqual(problems, [])
        page.close()
        self.assertEqual(self.watch.stop(), -signal.SIGTERM)


if __name__ == "__main__":
    unittest.main(verbosity=2)
