"""Tests the TextMate grammar (syntaxes/scenario.tmLanguage.json) with textmate-grammar-python.

- Hand-written lines, and lines of the repository's scenarios, tokenize to exactly the tokens and
  scopes written here (each token's innermost scope, without the '.scenario' suffix; blanks left out).
- Every file in Scenarios/ and Tests/Hostile/ tokenizes with no token left without a scope and
  none marked invalid, and '->' and the statement words at a line's start get their scopes.
- Every scope the grammar names (but meta.*) appears on some token: no token class goes untested.

Run: python Editors/vscode/test/grammar_test.py [--print FILE] (make test runs it in a venv).
"""

import json
import logging
import sys
from pathlib import Path

from textmate_grammar.parsers.base import LanguageParser

ROOT = Path(__file__).resolve().parents[3]
GRAMMAR = Path(__file__).resolve().parents[1] / "syntaxes" / "scenario.tmLanguage.json"
CORPUS = sorted((ROOT / "Scenarios").glob("*.scenario")) + sorted((ROOT / "Tests" / "Hostile").glob("*.scenario"))

logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
PARSER = LanguageParser(json.loads(GRAMMAR.read_text()))


def tokens(source):
    """(line, column, text, scopes) for each token that is not blank."""
    result = []
    for (line, column), text, scopes in PARSER.parse_string(source).flatten():
        if text.strip():
            result.append((line, column, text, scopes))
    return result


def short(scope):
    return scope.removesuffix(".scenario")


def innermost(source):
    return [(text, short(scopes[-1])) for _, _, text, scopes in tokens(source)]


# Each case: source text, then every token it must give, in order, with its innermost scope.
CASES = [
    ("language 1.1", [("language", "keyword.control.statement"), ("1.1", "constant.numeric")]),
    # A together block (1.2): sends only, on one line or several; 'together' elsewhere is a name.
    ("together { A -> B: hi; B -> A: ho }\ntogether {\n    A -> *: x # c\n}\ntogether -> B: hi", [
        ("together", "keyword.control.together"), ("{", "punctuation.section.block.begin"),
        ("A", "variable.other"), ("->", "keyword.operator.send"), ("B", "variable.other"),
        (":", "punctuation.separator.colon"), ("hi", "entity.name.function.message"),
        (";", "punctuation.terminator.statement"),
        ("B", "variable.other"), ("->", "keyword.operator.send"), ("A", "variable.other"),
        (":", "punctuation.separator.colon"), ("ho", "entity.name.function.message"),
        ("}", "punctuation.section.block.end"),
        ("together", "keyword.control.together"), ("{", "punctuation.section.block.begin"),
        ("A", "variable.other"), ("->", "keyword.operator.send"), ("*", "keyword.operator.broadcast"),
        (":", "punctuation.separator.colon"), ("x", "entity.name.function.message"),
        ("#", "punctuation.definition.comment"), (" c", "comment.line.number-sign"),
        ("}", "punctuation.section.block.end"),
        ("together", "variable.other"), ("->", "keyword.operator.send"), ("B", "variable.other"),
        (":", "punctuation.separator.colon"), ("hi", "entity.name.function.message")]),
    # 'language' is a word of the language only before a number, a string or the line's end.
    ("language -> B: hi", [
        ("language", "variable.other"), ("->", "keyword.operator.send"), ("B", "variable.other"),
        (":", "punctuation.separator.colon"), ("hi", "entity.name.function.message")]),
    (r'scenario "Say \"hi\" \{x\} \q {y} \u{1F604}" # a title', [
        ("scenario", "keyword.control.statement"),
        ('"', "punctuation.definition.string.begin"), ("Say ", "string.quoted.double"),
        (r"\"", "constant.character.escape"), ("hi", "string.quoted.double"), (r"\"", "constant.character.escape"),
        (r"\{", "constant.character.escape"), ("x", "string.quoted.double"), (r"\}", "constant.character.escape"),
        (r"\q", "invalid.illegal.escape"),
        ("{", "invalid.illegal.brace"), ("y", "string.quoted.double"), ("}", "invalid.illegal.brace"),
        (r"\u{1F604}", "constant.character.escape"), ('"', "punctuation.definition.string.end"),
        ("#", "punctuation.definition.comment"), (" a title", "comment.line.number-sign")]),
    ("mediator wrapper as Tower { landed = 0, name = \"t\" }", [
        ("mediator", "keyword.control.statement"), ("wrapper", "support.type.design"), ("as", "keyword.other.as"),
        ("Tower", "entity.name.variable.mediator"), ("{", "punctuation.section.block.begin"),
        ("landed", "variable.other.property"), ("=", "keyword.operator.assignment"), ("0", "constant.numeric"),
        (",", "punctuation.separator.comma"), ("name", "variable.other.property"), ("=", "keyword.operator.assignment"),
        ('"', "punctuation.definition.string.begin"), ("t", "string.quoted.double"),
        ('"', "punctuation.definition.string.end"), ("}", "punctuation.section.block.end")]),
    # 'mediator as' alone names a design called 'as'.
    ("mediator as", [("mediator", "keyword.control.statement"), ("as", "support.type.design")]),
    ("mediator as Hub { count = 0 }", [
        ("mediator", "keyword.control.statement"), ("as", "keyword.other.as"), ("Hub", "entity.name.variable.mediator"),
        ("{", "punctuation.section.block.begin"), ("count", "variable.other.property"),
        ("=", "keyword.operator.assignment"), ("0", "constant.numeric"), ("}", "punctuation.section.block.end")]),
    ("mediator direct-delegate", [("mediator", "keyword.control.statement"), ("direct-delegate", "support.type.design")]),
    ('participant Bob : Employee weak { role = "x", on = true, floor = -1 }', [
        ("participant", "keyword.control.statement"), ("Bob", "entity.name.variable.participant"),
        (":", "punctuation.separator.colon"), ("Employee", "entity.name.type"), ("weak", "storage.modifier.weak"),
        ("{", "punctuation.section.block.begin"), ("role", "variable.other.property"), ("=", "keyword.operator.assignment"),
        ('"', "punctuation.definition.string.begin"), ("x", "string.quoted.double"),
        ('"', "punctuation.definition.string.end"), (",", "punctuation.separator.comma"),
        ("on", "variable.other.property"), ("=", "keyword.operator.assignment"), ("true", "constant.language.boolean"),
        (",", "punctuation.separator.comma"), ("floor", "variable.other.property"),
        ("=", "keyword.operator.assignment"), ("-1", "constant.numeric"), ("}", "punctuation.section.block.end")]),
    # Contextual words are names where they do not count.
    ("participant if", [("participant", "keyword.control.statement"), ("if", "entity.name.variable.participant")]),
    ("on Tower receives land(runway, \"27L\", heavy: false, -2) from here if self.n >= 3 and not done or -1 < x {", [
        ("on", "keyword.control.reaction"), ("Tower", "variable.other"), ("receives", "keyword.control.reaction"),
        ("land", "entity.name.function.message"), ("(", "punctuation.section.parens.begin"),
        ("runway", "variable.parameter"), (",", "punctuation.separator.comma"),
        ('"', "punctuation.definition.string.begin"), ("27L", "string.quoted.double"),
        ('"', "punctuation.definition.string.end"), (",", "punctuation.separator.comma"),
        ("heavy", "entity.other.attribute-name.label"), (":", "punctuation.separator.colon"),
        ("false", "constant.language.boolean"), (",", "punctuation.separator.comma"), ("-2", "constant.numeric"),
        (")", "punctuation.section.parens.end"),
        ("from", "keyword.control.from-here"), ("here", "keyword.control.from-here"),
        ("if", "keyword.control.conditional"), ("self", "variable.language"), (".", "punctuation.accessor"),
        ("n", "variable.other.property"), (">=", "keyword.operator.comparison"), ("3", "constant.numeric"),
        ("and", "keyword.operator.logical"), ("not", "keyword.operator.logical"), ("done", "variable.other"),
        ("or", "keyword.operator.logical"), ("-1", "constant.numeric"), ("<", "keyword.operator.comparison"),
        ("x", "variable.other"), ("{", "punctuation.section.block.begin")]),
    ('on mediator sends any { log "{self} sends {message} to {sender}: {Hub.count} {mediator.n} {self.on} {p}" }', [
        ("on", "keyword.control.reaction"), ("mediator", "variable.language"), ("sends", "keyword.control.reaction"),
        ("any", "constant.language.any"), ("{", "punctuation.section.block.begin"), ("log", "keyword.control.statement"),
        ('"', "punctuation.definition.string.begin"),
        ("{", "punctuation.section.interpolation.begin"), ("self", "variable.language"),
        ("}", "punctuation.section.interpolation.end"), (" sends ", "string.quoted.double"),
        ("{", "punctuation.section.interpolation.begin"), ("message", "variable.language"),
        ("}", "punctuation.section.interpolation.end"), (" to ", "string.quoted.double"),
        ("{", "punctuation.section.interpolation.begin"), ("sender", "variable.language"),
        ("}", "punctuation.section.interpolation.end"), (": ", "string.quoted.double"),
        ("{", "punctuation.section.interpolation.begin"), ("Hub", "variable.other"), (".", "punctuation.accessor"),
        ("count", "variable.other.property"), ("}", "punctuation.section.interpolation.end"),
        ("{", "punctuation.section.interpolation.begin"), ("mediator", "variable.language"),
        (".", "punctuation.accessor"), ("n", "variable.other.property"), ("}", "punctuation.section.interpolation.end"),
        ("{", "punctuation.section.interpolation.begin"), ("self", "variable.language"), (".", "punctuation.accessor"),
        ("on", "variable.other.property"), ("}", "punctuation.section.interpolation.end"),
        ("{", "punctuation.section.interpolation.begin"), ("p", "variable.other"),
        ("}", "punctuation.section.interpolation.end"),
        ('"', "punctuation.definition.string.end"), ("}", "punctuation.section.block.end")]),
    # 'if' as a message name, a label and a value; 'not' and 'and' as names where no operand follows.
    ("on A receives if { self -> * Plane, App, sender, mediator: if(if: not, and: a and b) }", [
        ("on", "keyword.control.reaction"), ("A", "variable.other"), ("receives", "keyword.control.reaction"),
        ("if", "entity.name.function.message"), ("{", "punctuation.section.block.begin"),
        ("self", "variable.language"), ("->", "keyword.operator.send"), ("*", "keyword.operator.broadcast"),
        ("Plane", "entity.name.type"), (",", "punctuation.separator.comma"), ("App", "variable.other"),
        (",", "punctuation.separator.comma"), ("sender", "variable.language"), (",", "punctuation.separator.comma"),
        ("mediator", "variable.language"), (":", "punctuation.separator.colon"), ("if", "entity.name.function.message"),
        ("(", "punctuation.section.parens.begin"), ("if", "entity.other.attribute-name.label"),
        (":", "punctuation.separator.colon"), ("not", "variable.other"), (",", "punctuation.separator.comma"),
        ("and", "entity.other.attribute-name.label"), (":", "punctuation.separator.colon"), ("a", "variable.other"),
        ("and", "keyword.operator.logical"), ("b", "variable.other"), (")", "punctuation.section.parens.end"),
        ("}", "punctuation.section.block.end")]),
    ("on Light receives set(value) { set on = value; leave sender; release who }", [
        ("on", "keyword.control.reaction"), ("Light", "variable.other"), ("receives", "keyword.control.reaction"),
        ("set", "entity.name.function.message"), ("(", "punctuation.section.parens.begin"),
        ("value", "variable.parameter"), (")", "punctuation.section.parens.end"),
        ("{", "punctuation.section.block.begin"), ("set", "keyword.control.statement"), ("on", "variable.other.property"),
        ("=", "keyword.operator.assignment"), ("value", "variable.other"), (";", "punctuation.terminator.statement"),
        ("leave", "keyword.control.statement"), ("sender", "variable.language"), (";", "punctuation.terminator.statement"),
        ("release", "keyword.control.statement"), ("who", "variable.other"), ("}", "punctuation.section.block.end")]),
    ("A -> B: from", [
        ("A", "variable.other"), ("->", "keyword.operator.send"), ("B", "variable.other"),
        (":", "punctuation.separator.colon"), ("from", "entity.name.function.message")]),
    ('A -> B: "no {braces} here"', [
        ("A", "variable.other"), ("->", "keyword.operator.send"), ("B", "variable.other"),
        (":", "punctuation.separator.colon"), ('"', "punctuation.definition.string.begin"),
        ("no ", "string.quoted.double"), ("{", "invalid.illegal.brace"), ("braces", "string.quoted.double"),
        ("}", "invalid.illegal.brace"), (" here", "string.quoted.double"), ('"', "punctuation.definition.string.end")]),
    ("set A.n = (A.n + 1) * 2 / 4 - x -1", [
        ("set", "keyword.control.statement"), ("A", "variable.other"), (".", "punctuation.accessor"),
        ("n", "variable.other.property"), ("=", "keyword.operator.assignment"), ("(", "punctuation.section.parens.begin"),
        ("A", "variable.other"), (".", "punctuation.accessor"), ("n", "variable.other.property"),
        ("+", "keyword.operator.arithmetic"), ("1", "constant.numeric"), (")", "punctuation.section.parens.end"),
        ("*", "keyword.operator.arithmetic"), ("2", "constant.numeric"), ("/", "keyword.operator.arithmetic"),
        ("4", "constant.numeric"), ("-", "keyword.operator.arithmetic"), ("x", "variable.other"),
        ("-", "keyword.operator.arithmetic"), ("1", "constant.numeric")]),
    ("set mediator.matches = 1", [
        ("set", "keyword.control.statement"), ("mediator", "variable.language"), (".", "punctuation.accessor"),
        ("matches", "variable.other.property"), ("=", "keyword.operator.assignment"), ("1", "constant.numeric")]),
    ("expect Tower.landings != 1 fails under mesh, direct-delegate # c", [
        ("expect", "keyword.control.statement"), ("Tower", "variable.other"), (".", "punctuation.accessor"),
        ("landings", "variable.other.property"), ("!=", "keyword.operator.comparison"), ("1", "constant.numeric"),
        ("fails", "keyword.other.expectation"), ("under", "keyword.other.expectation"), ("mesh", "support.type.design"),
        (",", "punctuation.separator.comma"), ("direct-delegate", "support.type.design"),
        ("#", "punctuation.definition.comment"), (" c", "comment.line.number-sign")]),
    # After 'received N', 'fails' is the message unless the line ends there or 'under' follows.
    ("expect A received 1 fails fails", [
        ("expect", "keyword.control.statement"), ("A", "variable.other"), ("received", "keyword.other.expectation"),
        ("1", "constant.numeric"), ("fails", "entity.name.function.message"), ("fails", "keyword.other.expectation")]),
    ("expect A received 1 fails under wrapper", [
        ("expect", "keyword.control.statement"), ("A", "variable.other"), ("received", "keyword.other.expectation"),
        ("1", "constant.numeric"), ("fails", "keyword.other.expectation"), ("under", "keyword.other.expectation"),
        ("wrapper", "support.type.design")]),
    ('expect mediator received 2 "well played"', [
        ("expect", "keyword.control.statement"), ("mediator", "variable.language"),
        ("received", "keyword.other.expectation"), ("2", "constant.numeric"),
        ('"', "punctuation.definition.string.begin"), ("well played", "string.quoted.double"),
        ('"', "punctuation.definition.string.end")]),
    ("expect Ann deallocated fails", [
        ("expect", "keyword.control.statement"), ("Ann", "variable.other"), ("deallocated", "keyword.other.expectation"),
        ("fails", "keyword.other.expectation")]),
    ("expect B alive", [("expect", "keyword.control.statement"), ("B", "variable.other"), ("alive", "keyword.other.expectation")]),
    ("expect A.fails > B.score + 1 or A.x <= 2", [
        ("expect", "keyword.control.statement"), ("A", "variable.other"), (".", "punctuation.accessor"),
        ("fails", "variable.other.property"), (">", "keyword.operator.comparison"), ("B", "variable.other"),
        (".", "punctuation.accessor"), ("score", "variable.other.property"), ("+", "keyword.operator.arithmetic"),
        ("1", "constant.numeric"), ("or", "keyword.operator.logical"), ("A", "variable.other"),
        (".", "punctuation.accessor"), ("x", "variable.other.property"), ("<=", "keyword.operator.comparison"),
        ("2", "constant.numeric")]),
    ("leave Bob", [("leave", "keyword.control.statement"), ("Bob", "variable.other")]),
    ("release Bob", [("release", "keyword.control.statement"), ("Bob", "variable.other")]),
    (r'log "\{self\} {self} \n\t\\ \x"', [
        ("log", "keyword.control.statement"), ('"', "punctuation.definition.string.begin"),
        (r"\{", "constant.character.escape"), ("self", "string.quoted.double"), (r"\}", "constant.character.escape"),
        ("{", "punctuation.section.interpolation.begin"), ("self", "variable.language"),
        ("}", "punctuation.section.interpolation.end"),
        (r"\n\t\\", "constant.character.escape"),  # adjacent tokens of one scope come out as one
        (r"\x", "invalid.illegal.escape"),
        ('"', "punctuation.definition.string.end")]),
    # A multi-line block; a line that starts with a top-level word in column 1 ends it.
    ("on B receives ping from here {\n    log \"x\"\n    self -> sender: pong(n: 1)\nexpect B received 1 ping\n", [
        ("on", "keyword.control.reaction"), ("B", "variable.other"), ("receives", "keyword.control.reaction"),
        ("ping", "entity.name.function.message"), ("from", "keyword.control.from-here"),
        ("here", "keyword.control.from-here"), ("{", "punctuation.section.block.begin"),
        ("log", "keyword.control.statement"), ('"', "punctuation.definition.string.begin"), ("x", "string.quoted.double"),
        ('"', "punctuation.definition.string.end"), ("self", "variable.language"), ("->", "keyword.operator.send"),
        ("sender", "variable.language"), (":", "punctuation.separator.colon"), ("pong", "entity.name.function.message"),
        ("(", "punctuation.section.parens.begin"), ("n", "entity.other.attribute-name.label"),
        (":", "punctuation.separator.colon"), ("1", "constant.numeric"), (")", "punctuation.section.parens.end"),
        ("expect", "keyword.control.statement"), ("B", "variable.other"), ("received", "keyword.other.expectation"),
        ("1", "constant.numeric"), ("ping", "entity.name.function.message")]),
    # A multi-line property block, with a word of the language as a property.
    ("participant Hall : Light {\n    on = false,\n}\nmediator -> *: \"hi\"", [
        ("participant", "keyword.control.statement"), ("Hall", "entity.name.variable.participant"),
        (":", "punctuation.separator.colon"), ("Light", "entity.name.type"), ("{", "punctuation.section.block.begin"),
        ("on", "variable.other.property"), ("=", "keyword.operator.assignment"), ("false", "constant.language.boolean"),
        (",", "punctuation.separator.comma"), ("}", "punctuation.section.block.end"),
        ("mediator", "variable.language"), ("->", "keyword.operator.send"), ("*", "keyword.operator.broadcast"),
        (":", "punctuation.separator.colon"), ('"', "punctuation.definition.string.begin"), ("hi", "string.quoted.double"),
        ('"', "punctuation.definition.string.end")]),
]

# Lines of the repository's scenarios (the first line that starts with the text given), as they are there.
CORPUS_LINES = [
    ("game-lobby.scenario", "on Lobby receives leave ", [
        ("on", "keyword.control.reaction"), ("Lobby", "variable.other"), ("receives", "keyword.control.reaction"),
        ("leave", "entity.name.function.message"), ("{", "punctuation.section.block.begin"),
        ("self", "variable.language"), ("->", "keyword.operator.send"), ("*", "keyword.operator.broadcast"),
        ("Player", "entity.name.type"), (":", "punctuation.separator.colon"), ("left", "entity.name.function.message"),
        ("(", "punctuation.section.parens.begin"), ("who", "entity.other.attribute-name.label"),
        (":", "punctuation.separator.colon"), ("sender", "variable.language"), (")", "punctuation.section.parens.end"),
        ("}", "punctuation.section.block.end")]),
    ("game-lobby.scenario", "on Lobby receives join from here ", [
        ("on", "keyword.control.reaction"), ("Lobby", "variable.other"), ("receives", "keyword.control.reaction"),
        ("join", "entity.name.function.message"), ("from", "keyword.control.from-here"),
        ("here", "keyword.control.from-here"), ("if", "keyword.control.conditional"), ("self", "variable.language"),
        (".", "punctuation.accessor"), ("started", "variable.other.property"), ("{", "punctuation.section.block.begin"),
        ("self", "variable.language"), ("->", "keyword.operator.send"), ("sender", "variable.language"),
        (":", "punctuation.separator.colon"), ("spectate", "entity.name.function.message"),
        ("}", "punctuation.section.block.end")]),
    ("game-lobby.scenario", "expect Cy received 1 spectate ", [
        ("expect", "keyword.control.statement"), ("Cy", "variable.other"), ("received", "keyword.other.expectation"),
        ("1", "constant.numeric"), ("spectate", "entity.name.function.message"), ("fails", "keyword.other.expectation"),
        ("under", "keyword.other.expectation"), ("direct-delegate", "support.type.design"),
        (",", "punctuation.separator.comma"), ("mesh", "support.type.design")]),
    ("smart-home.scenario", "participant HallLight ", [
        ("participant", "keyword.control.statement"), ("HallLight", "entity.name.variable.participant"),
        (":", "punctuation.separator.colon"), ("Light", "entity.name.type"), ("{", "punctuation.section.block.begin"),
        ("on", "variable.other.property"), ("=", "keyword.operator.assignment"), ("false", "constant.language.boolean"),
        (",", "punctuation.separator.comma"), ("brightness", "variable.other.property"),
        ("=", "keyword.operator.assignment"), ("0", "constant.numeric"), ("}", "punctuation.section.block.end")]),
]


def check_cases(failures):
    for source, expected in CASES:
        got = innermost(source)
        if got != expected:
            failures.append(f"case {source!r}:\n  expected {expected}\n  got      {got}")
    for name, start, expected in CORPUS_LINES:
        lines = [line for line in (ROOT / "Scenarios" / name).read_text().split("\n") if line.startswith(start)]
        got = innermost(lines[0]) if lines else "no such line"
        if got != expected:
            failures.append(f"{name}, {start!r}:\n  expected {expected}\n  got      {got}")


def check_corpus(failures, seen):
    for path in CORPUS:
        source = path.read_text()
        lines = source.split("\n")
        for line, column, text, scopes in tokens(source):
            seen.add(short(scopes[-1]))
            where = f"{path.relative_to(ROOT)}:{line + 1}:{column + 1}"
            if not any(not s.startswith(("source.", "meta.")) for s in scopes):
                failures.append(f"{where}: {text!r} has no scope but {scopes}")
            if any(scope.startswith("invalid.") for scope in scopes):
                failures.append(f"{where}: {text!r} is {scopes[-1]} in a file that checks")
            if text == "->" and short(scopes[-1]) != "keyword.operator.send":
                failures.append(f"{where}: '->' is {scopes[-1]}")
            # A statement word at a line's start is a keyword (the corpus has no word of the language as a sender).
            if column == len(lines[line]) - len(lines[line].lstrip()) and text in (
                    "scenario", "participant", "on", "expect", "log", "set", "leave", "release", "language"):
                expected = "keyword.control.reaction" if text == "on" else "keyword.control.statement"
                if short(scopes[-1]) != expected:
                    failures.append(f"{where}: {text!r} at a line's start is {scopes[-1]}")


def grammar_scopes():
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str) and value.endswith(".scenario"):
                    found.add(short(value))
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(GRAMMAR.read_text()))
    return {scope for scope in found if not scope.startswith("meta.")}


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--print":
        for line, column, text, scopes in tokens(Path(sys.argv[2]).read_text()):
            print(f"{line + 1}:{column + 1} {text!r} {' '.join(map(short, scopes[1:]))}")
        return 0
    failures = []
    seen = set()
    check_cases(failures)
    for source, expected in CASES:
        seen.update(scope for _, scope in expected)
    check_corpus(failures, seen)
    if len(CORPUS) < 10:
        failures.append(f"only {len(CORPUS)} scenario files found under Scenarios/ and Tests/Hostile/")
    missing = grammar_scopes() - seen
    if missing:
        failures.append(f"scopes of the grammar no test token has: {sorted(missing)}")
    for failure in failures:
        print("FAIL", failure)
    print(f"grammar: {len(CASES) + len(CORPUS_LINES)} exact cases, {len(CORPUS)} files, "
          f"{len(grammar_scopes())} scopes: {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
