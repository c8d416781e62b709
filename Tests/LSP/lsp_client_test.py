"""`mediate lsp` driven over stdio by a small LSP client: the real binary, real pipes, exact answers.

`make test` runs this file with MEDIATE set to the built tool (standard library only). Covered:
the lifecycle; diagnostics (compared with `mediate validate --diagnostics-format json`);
completion, hover, definition, references, formatting (compared with `mediate fmt`) and
document symbols; UTF-16 positions on non-ASCII lines; malformed and out-of-order messages; a
document edited 1,000 times; a 100,000-line document; binary garbage; a file deleted under the
server; a client that disconnects mid-request; SIGINT and SIGTERM.

Timings and memory are printed, never asserted, except a generous bound on memory growth and the
256 MiB that seven refused 60 MB documents must stay under.
"""

import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEDIATE = os.environ.get("MEDIATE") or str(ROOT / ".build/debug/mediate")
URI = "file:///work/test.scenario"
# The server keeps SIGINT ignored if it starts so, as a background job's commands do, and so
# would this test's servers when a non-interactive shell starts it in the background. A signal
# that has a handler here is reset to its default in a program that is executed.
signal.signal(signal.SIGINT, signal.default_int_handler)

MUSKETEERS = """scenario "Musketeers"
mediator wrapper

participant Athos : Musketeer { hp = 10 }
participant Porthos : Musketeer
participant Aramis : Musketeer weak

on Musketeer receives greet(text) { log "{self} got {text}" }
on Athos sends any { set hp = 9 }

Athos -> *: greet(text: "hi")
Porthos -> Athos: greet(text: "hello")
Aramis -> Porthos: bow
expect Athos.hp == 9
"""

TOWER = """language 1.1
scenario "Tower"
mediator wrapper as Tower { runway = "free" }

participant Speedbird : Plane { fuel = 30 }
participant Cessna : Plane

on Tower receives land if self.runway == "free" {
    set runway = sender
    self -> sender: cleared
}
Speedbird -> Tower: land
Cessna -> Tower: land
expect Tower.runway == "Speedbird"
"""


class Client:
    """One server process and the LSP framing, both ways."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [MEDIATE, "lsp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.buffer = b""
        self.next_id = 1
        self.notifications = []

    def write(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request_id(self, method, params=None):
        """Sends a request and returns its id without waiting."""
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def request(self, method, params=None, timeout=60):
        """The whole response (with `result` or `error`) to a request."""
        return self.response(self.request_id(method, params), timeout)

    def result(self, method, params=None):
        response = self.request(method, params)
        assert "error" not in response, response
        return response["result"]

    def response(self, request_id, timeout=60):
        while True:
            message = self.read(timeout)
            if "method" in message:
                self.notifications.append(message)
                continue
            assert message.get("id") == request_id, (message, request_id)
            return message

    def next_response(self, timeout=60):
        """The next message that is not a notification; notifications are kept for later."""
        while True:
            message = self.read(timeout)
            if "method" not in message:
                return message
            self.notifications.append(message)

    def read(self, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                headers = self.buffer[:end].decode()
                length = int([h for h in headers.split("\r\n") if h.lower().startswith("content-length:")][0].split(":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4 : end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length :]
                    return json.loads(body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no message from the server")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                if not chunk:
                    raise EOFError("the server closed its output")
                self.buffer += chunk

    def diagnostics(self, uri=URI, version=None, timeout=60):
        """The next diagnostics published for `uri` (with `version`, when given)."""
        for index, message in enumerate(self.notifications):
            params = message.get("params", {})
            if message["method"] == "textDocument/publishDiagnostics" and params["uri"] == uri:
                if version is None or params.get("version") == version:
                    del self.notifications[: index + 1]
                    return params
        while True:
            message = self.read(timeout)
            params = message.get("params", {})
            if message.get("method") == "textDocument/publishDiagnostics" and params["uri"] == uri:
                if version is None or params.get("version") == version:
                    return params

    def initialize(self):
        result = self.result("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, text, uri=URI, version=1):
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "mediate", "version": version, "text": text}},
        )

    def at(self, method, line, character, uri=URI, **extra):
        return self.result(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}, **extra})

    def stop(self):
        self.result("shutdown")
        self.notify("exit")
        return self.wait()

    def wait(self, timeout=30):
        try:
            code = self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                try:
                    stream.close()
                except OSError:
                    pass
        return code

    def peak_rss_kib(self):
        """VmHWM (peak resident memory) and VmRSS of the server, from /proc."""
        status = Path("/proc/%d/status" % self.process.pid).read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        return int(fields["VmHWM"].split()[0]), int(fields["VmRSS"].split()[0])


def utf16(text):
    """The length of `text` in UTF-16 code units, as LSP counts characters."""
    return len(text.encode("utf-16-le")) // 2


def position(line, character):
    return {"line": line, "character": character}


def span(line, start, end, end_line=None):
    return {"start": position(line, start), "end": position(line if end_line is None else end_line, end)}


def validate_json(text):
    """What `mediate validate --diagnostics-format json` says about `text`."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.scenario"
        path.write_text(text)
        out = subprocess.run([MEDIATE, "validate", "--diagnostics-format", "json", str(path)], capture_output=True, text=True)
        return [json.loads(line) for line in (out.stdout + out.stderr).splitlines() if line.startswith("{")]


def fmt(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.scenario"
        path.write_text(text)
        subprocess.run([MEDIATE, "fmt", str(path)], check=True, capture_output=True)
        return path.read_text()


class Lifecycle(unittest.TestCase):
    def test_initialize_shutdown_exit(self):
        client = Client()
        result = client.initialize()
        self.assertEqual(
            result["capabilities"],
            {
                "positionEncoding": "utf-16",
                "textDocumentSync": {"openClose": True, "change": 2},
                "completionProvider": {"triggerCharacters": [".", ":", ">"]},
                "hoverProvider": True,
                "definitionProvider": True,
                "referencesProvider": True,
                "documentFormattingProvider": True,
                "documentSymbolProvider": True,
            },
        )
        self.assertEqual(result["serverInfo"]["name"], "mediate")
        self.assertEqual(client.request("shutdown"), {"jsonrpc": "2.0", "id": 2, "result": None})
        # After shutdown, every request but exit is refused.
        self.assertEqual(client.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["error"]["code"], -32600)
        client.notify("exit")
        self.assertEqual(client.wait(), 0)

    def test_exit_without_shutdown_is_1(self):
        client = Client()
        client.initialize()
        client.notify("exit")
        self.assertEqual(client.wait(), 1)

    def test_requests_before_initialize(self):
        client = Client()
        response = client.request("textDocument/hover", {"textDocument": {"uri": URI}, "position": position(0, 0)})
        self.assertEqual(response["error"]["code"], -32002)
        # A notification before initialize is dropped: the document was never opened.
        client.open(MUSKETEERS)
        client.initialize()
        response = client.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
        self.assertEqual(response["error"], {"code": -32602, "message": "the document is not open: " + URI})
        self.assertEqual(client.request("initialize", {})["error"]["code"], -32600)
        self.assertEqual(client.stop(), 0)


class Malformed(unittest.TestCase):
    def setUp(self):
        self.client = Client()
        self.client.initialize()

    def tearDown(self):
        self.assertEqual(self.client.stop(), 0)

    def error(self, raw):
        """Writes raw bytes and returns the error response they get."""
        self.client.write(raw)
        message = self.client.read()
        self.assertNotIn("result", message)
        return message

    def test_bad_headers(self):
        self.assertEqual(
            self.error(b"Content-Type: application/json\r\n\r\n"),
            {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "a malformed header: a header block without Content-Length"}},
        )
        self.assertEqual(self.error(b"Content-Length: abc\r\n\r\n")["error"]["code"], -32700)
        self.assertEqual(self.error(b"garbage without a colon\r\n\r\n")["error"]["code"], -32700)
        # 9 KiB of header without its empty line.
        self.assertEqual(self.error(b"X-Filler: " + b"a" * 9000)["error"]["code"], -32700)
        # A body past 64 MiB is refused from its header, and skipped as it arrives, unread.
        self.assertEqual(
            self.error(b"Content-Length: 70000000\r\n\r\n" + b"x" * 70000000)["error"]["message"],
            "a malformed header: Content-Length 70000000 is past the largest message, 67108864 bytes",
        )
        # The server still answers after all that.
        self.assertEqual(self.client.result("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
                         if False else self.client.request("textDocument/hover", {})["error"]["code"], -32602)

    def test_bad_json_and_bad_messages(self):
        def framed(body):
            return b"Content-Length: %d\r\n\r\n" % len(body) + body

        self.assertEqual(self.error(framed(b"{not json"))["error"]["code"], -32700)
        self.assertEqual(self.error(framed(b"\xff\xfe\x00garbage"))["error"]["code"], -32700)
        self.assertEqual(self.error(framed(b'[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]'))["error"]["code"], -32600)
        self.assertEqual(self.error(framed(b'"just a string"'))["error"]["code"], -32600)
        self.assertEqual(self.error(framed(b'{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}'))["id"], None)
        self.assertEqual(self.error(framed(b'{"jsonrpc":"2.0","id":7}')), {"jsonrpc": "2.0", "id": 7, "error": {"code": -32600, "message": "a message needs a 'method'"}})
        self.assertEqual(self.error(framed(b'{"id":8,"method":"shutdown"}'))["error"], {"code": -32600, "message": "'jsonrpc' must be \"2.0\""})
        unknown = self.client.request("textDocument/rename", {})
        self.assertEqual(unknown, {"jsonrpc": "2.0", "id": unknown["id"], "error": {"code": -32601, "message": "unknown method 'textDocument/rename'"}})
        self.assertEqual(self.client.request("textDocument/hover", {"textDocument": {"uri": URI}})["error"]["code"], -32602)
        self.assertEqual(self.client.request("textDocument/hover", "not an object")["error"]["code"], -32602)
        # Notifications are never answered: unknown ones, wrong params, a response to nothing.
        self.client.notify("workspace/unknownNotification", {"x": 1})
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": URI}, "contentChanges": "nope"})
        self.client.notify("textDocument/didOpen", {"textDocument": {"uri": 5}})
        self.client.notify("$/cancelRequest", {"id": 1})
        self.client.send({"jsonrpc": "2.0", "id": 99, "result": None})
        self.client.open(MUSKETEERS)
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"range": span(3, 5, 0, 0), "text": "x"}]})
        self.assertEqual(self.client.diagnostics()["version"], 1)
        # Requests are answered in order, even when sent together.
        ids = [self.client.request_id("textDocument/documentSymbol", {"textDocument": {"uri": URI}}) for _ in range(5)]
        self.assertEqual([self.client.response(i)["id"] for i in ids], ids)
        self.assertEqual(self.client.process.poll(), None)


class Features(unittest.TestCase):
    def setUp(self):
        self.client = Client()
        self.client.initialize()

    def tearDown(self):
        self.assertEqual(self.client.stop(), 0)

    def test_diagnostics_are_the_clis(self):
        text = MUSKETEERS.replace("Aramis -> Porthos", "Aramsi -> Porthos").replace("mediator wrapper", "mediator wraper")
        self.client.open(text)
        published = self.client.diagnostics()
        self.assertEqual(published["version"], 1)
        cli = validate_json(text)
        self.assertEqual(len(published["diagnostics"]), len(cli))
        for ours, theirs in zip(published["diagnostics"], cli):
            self.assertEqual(ours["range"], span(theirs["line"] - 1, theirs["column"] - 1, theirs["endColumn"] - 1, theirs["endLine"] - 1))
            self.assertEqual(ours["severity"], 1)
            self.assertEqual(ours["source"], "mediate")
            self.assertEqual(ours["message"], "\n".join([theirs["message"]] + ["%s: %s" % (n["kind"], n["message"]) for n in theirs["notes"]]))
        self.assertEqual(
            published["diagnostics"][1],
            {
                "range": span(12, 0, 6),
                "severity": 1,
                "source": "mediate",
                "message": "unknown participant 'Aramsi'\nhelp: did you mean 'Aramis'?",
            },
        )
        # A warning: a reaction written below a send it changes.
        self.client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": MUSKETEERS + 'on Porthos receives any { log "late" }\n'}]},
        )
        warning = self.client.diagnostics(version=2)["diagnostics"]
        self.assertEqual([d["severity"] for d in warning], [2])
        self.assertEqual(warning[0]["range"], span(14, 0, 23))
        self.assertTrue(warning[0]["message"].startswith("this reaction also applies to the send on line 11, written above it\nnote: "))
        # Fixed: the diagnostics are cleared; closed: cleared too.
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": MUSKETEERS}]})
        self.assertEqual(self.client.diagnostics(version=3)["diagnostics"], [])
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": URI}})
        self.assertEqual(self.client.diagnostics(), {"uri": URI, "diagnostics": []})

    def test_completion(self):
        self.client.open(TOWER + "\n")
        self.client.diagnostics()

        def labels(line_text):
            self.client.notify(
                "textDocument/didChange",
                {"textDocument": {"uri": URI}, "contentChanges": [{"range": span(14, 0, 0, 15), "text": line_text}]},
            )
            return [item["label"] for item in self.client.at("textDocument/completion", 14, len(line_text.encode("utf-16-le")) // 2)]

        parties = ["Speedbird", "Cessna", "Tower", "mediator"]
        self.assertEqual(labels("mediator "), ["protocol-extension", "wrapper", "direct-delegate", "mesh", "actor", "async-stream", "notification-center", "combine", "as"])
        self.assertEqual(labels("mediator wrapper "), ["as"])
        self.assertEqual(labels("on "), parties + ["Plane"])
        self.assertEqual(labels("on Cessna "), ["receives", "sends"])
        self.assertEqual(labels("on Cessna receives "), ["land", "cleared", "any"])
        self.assertEqual(labels("on Cessna receives cleared "), ["from", "if"])
        self.assertEqual(labels("Cessna -> "), ["*"] + parties)
        self.assertEqual(labels("Cessna -> Tower, "), ["*"] + parties)
        self.assertEqual(labels("Cessna -> * "), ["Plane"])
        self.assertEqual(labels("Cessna -> Tower: l"), ["land", "cleared"])
        self.assertEqual(labels("expect Ce"), parties)
        self.assertEqual(labels("expect Cessna "), ["received", "alive", "deallocated"])
        self.assertEqual(labels("expect Cessna received 1 "), ["land", "cleared", "fails"])
        self.assertEqual(labels("expect Cessna alive fails under "), ["protocol-extension", "wrapper", "direct-delegate", "mesh", "actor", "async-stream", "notification-center", "combine"])
        self.assertEqual(labels("expect Speedbird.f"), ["fuel"])
        self.assertEqual(labels("expect Tower."), ["runway"])
        self.assertEqual(labels('log "inside a string '), [])
        self.assertEqual(labels("# a comment "), [])
        self.assertEqual(labels("participant Jet : "), ["Plane"])
        start = labels("")
        self.assertEqual(start[:10], ["participant", "on", "expect", "mediator", "log", "set", "leave", "release", "scenario", "language"])
        # `mediator` was listed as the keyword already.
        self.assertEqual(start[10:], ["Speedbird", "Cessna", "Tower"])
        # In a reaction's block: what a reaction may hold.
        self.client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI}, "contentChanges": [{"range": span(8, 0, 0, 8), "text": "    \n"}]},
        )
        items = self.client.at("textDocument/completion", 8, 4)
        self.assertEqual([i["label"] for i in items], ["self", "set", "log", "leave", "release"])
        self.assertEqual(items[0], {"label": "self", "kind": 14, "detail": "send: self -> TARGETS: MESSAGE", "sortText": "0000"})

    def test_hover(self):
        self.client.open(TOWER)
        self.client.diagnostics()
        hover = self.client.at("textDocument/hover", 4, 14)
        self.assertEqual(
            hover,
            {
                "contents": {"kind": "markdown", "value": "participant `Speedbird` : `Plane`\n\nproperties: `fuel = 30`\n\ndeclared at line 5"},
                "range": span(4, 12, 21),
            },
        )
        # On a use of it, and on the mediator's name.
        self.assertEqual(self.client.at("textDocument/hover", 11, 2)["range"], span(11, 0, 9))
        self.assertEqual(
            self.client.at("textDocument/hover", 11, 15)["contents"]["value"],
            'mediator `Tower` (wrapper)\n\nproperties: `runway = "free"`\n\ndeclared at line 3',
        )
        self.assertEqual(
            self.client.at("textDocument/hover", 5, 22)["contents"]["value"], "type `Plane`: Speedbird, Cessna\n\nfirst declared at line 5"
        )
        self.assertEqual(
            self.client.at("textDocument/hover", 9, 22)["contents"]["value"],
            "message `cleared`\n\n- sent at line 10 by `self` in `on Tower receives land`\n- handled nowhere",
        )
        self.assertEqual(
            self.client.at("textDocument/hover", 11, 22)["contents"]["value"],
            'message `land`\n\n- sent at line 12 by `Speedbird`\n- sent at line 13 by `Cessna`\n'
            '- handled at line 8 by `on Tower receives land if self.runway == "free"`',
        )
        self.assertIsNone(self.client.at("textDocument/hover", 1, 3))

    def test_definition_and_references(self):
        self.client.open(TOWER)
        self.client.diagnostics()
        self.assertEqual(self.client.at("textDocument/definition", 12, 3), {"uri": URI, "range": span(5, 12, 18)})
        self.assertEqual(self.client.at("textDocument/definition", 11, 15), {"uri": URI, "range": span(2, 20, 25)})
        self.assertEqual(self.client.at("textDocument/definition", 5, 23), {"uri": URI, "range": span(4, 24, 29)})
        self.assertIsNone(self.client.at("textDocument/definition", 11, 22))
        refs = self.client.at("textDocument/references", 2, 23, context={"includeDeclaration": True})
        self.assertEqual(
            [r["range"] for r in refs],
            [span(2, 20, 25), span(7, 3, 8), span(11, 13, 18), span(12, 10, 15), span(13, 7, 12)],
        )
        refs = self.client.at("textDocument/references", 11, 22, context={"includeDeclaration": False})
        self.assertEqual([r["range"] for r in refs], [span(7, 18, 22), span(11, 20, 24), span(12, 17, 21)])
        refs = self.client.at("textDocument/references", 5, 14, context={"includeDeclaration": False})
        self.assertEqual([r["range"] for r in refs], [span(12, 0, 6)])

    def test_formatting(self):
        messy = MUSKETEERS.replace("Athos -> *:", "Athos   ->  * :").replace("{ hp = 10 }", "{hp=10}")
        self.client.open(messy)
        self.client.diagnostics()
        edits = self.client.result("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}})
        self.assertEqual(edits, [{"range": span(0, 0, 0, 14), "newText": fmt(messy)}])
        self.assertEqual(edits[0]["newText"], MUSKETEERS)
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": URI}, "contentChanges": [{"text": MUSKETEERS}]})
        self.assertEqual(self.client.result("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {}}), [])
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": URI}, "contentChanges": [{"text": "Athso -> *: \"x\"\n"}]})
        error = self.client.request("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {}})["error"]
        self.assertEqual(error, {"code": -32803, "message": "the scenario has 1 error(s) and is not formatted: line 1: unknown participant 'Athso'"})

    def test_document_symbols(self):
        self.client.open(TOWER)
        symbols = self.client.result("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
        self.assertEqual(
            [(s["name"], s["kind"], s.get("detail")) for s in symbols],
            [
                ("mediator wrapper as Tower", 11, None),
                ("Speedbird", 19, "Plane"),
                ("Cessna", 19, "Plane"),
                ("on Tower receives land", 24, 'if self.runway == "free"'),
            ],
        )
        self.assertEqual(symbols[3]["range"], span(7, 0, 1, 10))
        self.assertEqual(symbols[3]["selectionRange"], span(7, 3, 8))


class Positions(unittest.TestCase):
    """UTF-16 code units, not characters or bytes: 😀 is 2 units, é (e + U+0301) is 2 units in 1 character."""

    def test_non_ascii_lines(self):
        client = Client()
        client.initialize()
        text = MUSKETEERS.replace('log "{self} got {text}"', 'log "😀e\u0301 {Aramis.hp} 👍🏽 {text}"').replace(
            'Aramis -> Porthos: bow', 'Aramis -> Porthos: bow(x: "日本😀") Porthso'
        )
        client.open(text)
        diagnostics = client.diagnostics()["diagnostics"]
        line = 'Aramis -> Porthos: bow(x: "日本😀") '
        column = len(line.encode("utf-16-le")) // 2
        # 33 characters, 34 UTF-16 code units (😀 is two).
        self.assertEqual((len(line), column), (33, 34))
        self.assertEqual(diagnostics[0]["range"], span(12, column, column + 7))
        # Aramis inside the interpolation, after 😀 (2 units, 1 character) and e + U+0301 (2 units, 1 character).
        reaction = text.splitlines()[7]
        start = utf16(reaction[: reaction.index("{Aramis") + 1])
        # 46 code points (e + U+0301 is two), 47 UTF-16 code units.
        self.assertEqual((len(reaction[: reaction.index("{Aramis") + 1]), start), (46, 47))
        hover = client.at("textDocument/hover", 7, start + 1)
        self.assertEqual(hover["range"], span(7, start, start + 6))
        self.assertEqual(client.at("textDocument/definition", 7, start + 3)["range"], span(5, 12, 18))
        # An incremental edit at a UTF-16 position after the emoji: replace Porthso by Porthos.
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"range": span(12, column - 1, column + 7), "text": ""}]},
        )
        self.assertEqual(client.diagnostics(version=2)["diagnostics"], [])
        # CRLF line endings and a byte-order mark: the same positions as the editor counts them.
        client.open("\ufeff" + text.replace("\n", "\r\n"), uri="file:///crlf.scenario")
        crlf = client.diagnostics(uri="file:///crlf.scenario")["diagnostics"]
        self.assertEqual(crlf[0]["range"], span(12, column, column + 7))
        self.assertEqual(client.at("textDocument/hover", 0, 2, uri="file:///crlf.scenario"), None)
        self.assertEqual(client.at("textDocument/hover", 3, 13, uri="file:///crlf.scenario")["range"], span(3, 12, 17))
        self.assertEqual(client.stop(), 0)


class Reliability(unittest.TestCase):
    def test_a_thousand_incremental_edits(self):
        client = Client()
        client.initialize()
        client.open(MUSKETEERS)
        client.diagnostics()
        base = client.peak_rss_kib()
        added = "Athos -> Porthos: greet(text: \"round {}\")\n"
        lines = MUSKETEERS.count("\n")
        expected = MUSKETEERS
        version = 1
        for round_number in range(100):
            line_text = added.format(round_number)
            # Typed in 10 pieces each.
            for piece in range(10):
                chunk = line_text[piece * len(line_text) // 10 : (piece + 1) * len(line_text) // 10]
                at = len(line_text[: piece * len(line_text) // 10])
                version += 1
                client.notify(
                    "textDocument/didChange",
                    {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"range": span(lines, at, at), "text": chunk}]},
                )
            expected += line_text
            lines += 1
            if round_number == 9:
                after_100 = client.peak_rss_kib()
        # The last edit misspells a name on the last line: one diagnostic, at that line.
        version += 1
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"range": span(lines - 1, 0, 5), "text": "Athso"}]},
        )
        published = client.diagnostics(version=version)
        self.assertEqual(version, 1002)
        self.assertEqual(
            published["diagnostics"],
            [{"range": span(lines - 1, 0, 5), "severity": 1, "source": "mediate", "message": "unknown participant 'Athso'\nhelp: did you mean 'Athos'?"}],
        )
        # The server's text is exactly what the edits make: its formatting of the fixed text is ours.
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": version + 1}, "contentChanges": [{"range": span(lines - 1, 0, 5), "text": "Athos  "}]},
        )
        edits = client.result("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {}})
        self.assertEqual(edits[0]["newText"], expected)
        final = client.peak_rss_kib()
        print(
            "\n  1,000 edits: peak RSS %d KiB after open, %d KiB after 100 edits, %d KiB after 1,002 (RSS now %d KiB)"
            % (base[0], after_100[0], final[0], final[1]),
            file=sys.stderr,
        )
        self.assertLess(final[0] - after_100[0], 16 * 1024, "memory grew across the edits")
        self.assertEqual(client.stop(), 0)

    def test_a_hundred_thousand_lines(self):
        text = subprocess.run([str(ROOT / "Scripts/generate-scenario"), "100", "99897"], capture_output=True, text=True, check=True).stdout
        lines = text.count("\n")
        self.assertEqual(lines, 100000)
        client = Client()
        client.initialize()
        start = time.monotonic()
        client.open(text)
        self.assertEqual(client.diagnostics(timeout=120)["diagnostics"], [])
        opened = time.monotonic() - start
        start = time.monotonic()
        sender = text.splitlines()[-1].split(" ")[0]
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"range": span(lines - 1, 0, len(sender)), "text": "Q1"}]},
        )
        diagnostics = client.diagnostics(version=2, timeout=120)["diagnostics"]
        changed = time.monotonic() - start
        self.assertEqual(diagnostics[0]["range"], span(lines - 1, 0, 2))
        self.assertEqual(diagnostics[0]["message"].split("\n")[0], "unknown participant 'Q1'")
        start = time.monotonic()
        previous = text.splitlines()[-2].split(" ")[0]
        declared = text.splitlines().index("participant %s : Node" % previous)
        self.assertEqual(client.at("textDocument/definition", lines - 2, 1)["range"], span(declared, 12, 12 + len(previous)))
        hover = time.monotonic() - start
        print("\n  100,000 lines: open %.2f s, edit %.2f s, definition %.3f s, peak RSS %d KiB" % (opened, changed, hover, client.peak_rss_kib()[0]), file=sys.stderr)
        self.assertEqual(client.stop(), 0)

    def test_garbage(self):
        client = Client()
        client.initialize()
        generator = random.Random(17)
        for _ in range(50):
            body = bytes(generator.randrange(256) for _ in range(generator.randrange(1, 400)))
            client.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.assertIn(client.read()["error"]["code"], (-32700, -32600))
        # Binary in the document itself: NUL, control characters, U+FFFD, a lone surrogate escape.
        client.send(
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": URI, "languageId": "mediate", "version": 1, "text": "\x00\x01\ufffd\x7f participant A\n\x1b[31m"}}}
        )
        raw = b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"%s","version":2},"contentChanges":[{"text":"participant A\\ud800\\n"}]}}' % URI.encode()
        client.write(b"Content-Length: %d\r\n\r\n" % len(raw) + raw)
        # The JSON reader refuses the lone surrogate: a parse error, and the text stays.
        self.assertEqual(client.next_response()["error"]["code"], -32700)
        published = client.diagnostics()
        self.assertGreater(len(published["diagnostics"]), 0)
        self.assertTrue(all(d["severity"] == 1 for d in published["diagnostics"]))
        for method in ("textDocument/documentSymbol", "textDocument/formatting"):
            client.request(method, {"textDocument": {"uri": URI}, "options": {}})
        for line in range(3):
            for character in (0, 1, 2, 5, 100):
                client.at("textDocument/completion", line, character)
                client.at("textDocument/hover", line, character)
        self.assertEqual(client.stop(), 0)

    def test_a_file_deleted_under_the_server(self):
        # The server reads the editor's text, never the file: deleting it changes nothing.
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "gone.scenario"
            path.write_text(MUSKETEERS)
            uri = path.as_uri()
            client = Client()
            client.initialize()
            client.open(MUSKETEERS, uri=uri)
            client.diagnostics(uri=uri)
            path.unlink()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "Athso -> *: \"x\"\n"}]})
            self.assertEqual(len(client.diagnostics(uri=uri, version=2)["diagnostics"]), 1)
            # A rename is a close and an open under the new name.
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            self.assertEqual(client.diagnostics(uri=uri)["diagnostics"], [])
            client.open(MUSKETEERS, uri=uri + ".renamed")
            self.assertEqual(client.diagnostics(uri=uri + ".renamed")["diagnostics"], [])
            self.assertEqual(client.stop(), 0)

    def test_disconnect_mid_request(self):
        client = Client()
        client.initialize()
        body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "textDocument/documentSymbol", "params": {}}).encode()
        client.write(b"Content-Length: %d\r\n\r\n" % len(body) + body[:10])
        client.process.stdin.close()
        # Without shutdown: LSP's exit code for an exit without shutdown.
        self.assertEqual(client.wait(), 1)
        # A client gone before the answer is written (both pipes closed) ends it too.
        client = Client()
        client.initialize()
        client.open(MUSKETEERS)
        client.request_id("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
        client.process.stdout.close()
        client.process.stdin.close()
        self.assertEqual(client.wait(), 1)

    def test_signals(self):
        for number in (signal.SIGTERM, signal.SIGINT):
            client = Client()
            client.initialize()
            client.open(MUSKETEERS)
            client.diagnostics()
            client.process.send_signal(number)
            # Ended by the signal, as every mediate command is: the shell shows 128 + N.
            self.assertEqual(client.wait(), -number)


class Hostile(unittest.TestCase):
    """What a hostile client tries: deep nesting, an id past a double, and
    documents past the server's caps. Timings are printed; only the answers are asserted."""

    def setUp(self):
        self.client = Client()
        self.client.initialize()

    def tearDown(self):
        self.assertEqual(self.client.stop(), 0)

    def framed(self, body):
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def test_nested_messages_are_read_in_one_pass(self):
        for depth, code in ((100, -32700), (60, -32602)):
            # 2 MB of arrays nested `depth` deep: past the limit of 64, a parse error; within it,
            # read, and hover's wrong parameters said. Foundation's decoder took 83 s for the first.
            nested = b"[" * depth + b"0" + b"]" * depth
            params = b"[" + b",".join([nested] * (2_000_000 // len(nested))) + b"]"
            start = time.monotonic()
            self.client.write(self.framed(b'{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":%s}' % params))
            self.assertEqual(self.client.read()["error"]["code"], code)
            print("\n  2 MB nested %d deep: answered in %.2f s" % (depth, time.monotonic() - start), file=sys.stderr)
        # An id past a double's range is no valid id: an invalid request, not a parse error.
        self.client.write(self.framed(b'{"jsonrpc":"2.0","id":1e400,"method":"shutdown"}'))
        self.assertEqual(self.client.read(), {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "a request's id is a number or a string"}})

    def test_open_documents_past_the_cap_are_refused_and_the_rest_served(self):
        self.client.open(MUSKETEERS)
        self.client.diagnostics()
        # Seven documents of 60 MB each (the attack reached 517 MB): each past the 32 MiB that all
        # open documents may hold, so each is refused with a message the editor shows.
        big = "# " + "x" * 60_000_000 + "\n"
        for number in range(7):
            self.client.open(big, uri="file:///work/big%d.scenario" % number)
            shown = self.client.read(timeout=120)
            self.assertEqual(shown["method"], "window/showMessage")
            self.assertEqual(shown["params"]["type"], 1)
            self.assertIn("big%d.scenario" % number, shown["params"]["message"])
        symbols = self.client.result("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
        self.assertEqual(len(symbols), 6)
        # 64 documents may be open; the 65th is refused, and one closed makes room.
        for number in range(63):
            self.client.open(MUSKETEERS, uri="file:///work/m%d.scenario" % number)
            self.client.diagnostics(uri="file:///work/m%d.scenario" % number)
        self.client.open(MUSKETEERS, uri="file:///work/one-too-many.scenario")
        self.assertIn("64 open documents", self.client.read()["params"]["message"])
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": "file:///work/m0.scenario"}})
        self.client.open(MUSKETEERS, uri="file:///work/one-too-many.scenario")
        self.assertEqual(self.client.diagnostics(uri="file:///work/one-too-many.scenario")["diagnostics"], [])
        peak, _ = self.client.peak_rss_kib()
        print("\n  7 documents of 60 MB refused: peak RSS %d KiB" % peak, file=sys.stderr)
        self.assertLess(peak, 256 << 10)


if __name__ == "__main__":
    if not Path(MEDIATE).exists():
        sys.exit("lsp_client_test: no mediate binary at %s; set MEDIATE" % MEDIATE)
    unittest.main(verbosity=2)
