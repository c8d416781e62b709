# mediate: `make run` regenerates Output/ from Scenarios/, `make test` runs the whole test suite, then
# Scripts/stream-test (a run of 10,000,000 deliveries in bounded memory).
# Both install the system packages they need first: with apt-get on Linux (Debian, Ubuntu; with
# sudo when not root), with Homebrew on macOS.

SWIFT ?= swift
UNAME := $(shell uname -s)
ifeq ($(UNAME),Darwin)
# Homebrew formulae the build needs beyond the Swift toolchain: Graphviz for rendering in process,
# and pkg-config, through which SwiftPM finds it.
BREW_PACKAGES := graphviz pkg-config
# macOS ships what `make test` needs beyond the build (python3 with venv, BSD time for
# Scripts/stream-test) except a browser: the browser tests drive Google Chrome, or CHROMIUM; and
# Node for the VS Code extension's tests, when there is none.
TEST_PACKAGES := $(if $(shell command -v node),,node)
SCREENSHOT_PACKAGES :=
CHROMIUM ?= /Applications/Google Chrome.app/Contents/MacOS/Google Chrome
export CHROMIUM
else
# Debian packages the build needs beyond the Swift toolchain: libgraphviz for rendering in
# process, and pkg-config, through which SwiftPM finds it.
APT_PACKAGES := libgraphviz-dev pkg-config
# What `make test` needs beyond the build: Chromium runs the report page's player for the browser
# tests (Playwright drives it; see BROWSER_VENV), GNU time measures Scripts/stream-test's peak memory,
# Node runs the VS Code extension's tests (installed only when there is no `node`).
TEST_PACKAGES := chromium time python3 python3-venv $(if $(shell command -v node),,nodejs)
SCREENSHOT_PACKAGES := chromium python3 python3-venv
endif
SCENARIOS := $(sort $(wildcard Scenarios/*.scenario))

.PHONY: all deps browser-deps editor-deps build release release-bin run install uninstall install-test docs-test \
  action-test test editor-test validate shell screenshot clean FORCE

all: build

# Installs whichever of APT_PACKAGES or BREW_PACKAGES (and, for `make test`, TEST_PACKAGES) is missing.
ifeq ($(UNAME),Darwin)
deps:
	@missing=""; for p in $(BREW_PACKAGES) $(EXTRA_PACKAGES); do brew list --formula $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing$$missing"; brew install $$missing; fi
else
deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endif

# Playwright for Python (from PyPI) in a virtual environment under .build/, for the browser tests.
# It drives Debian's Chromium through executable_path: no browser is downloaded.
BROWSER_VENV := .build/browser-tests
BROWSER_PYTHON := $(BROWSER_VENV)/bin/python

browser-deps:
	@[ -x $(BROWSER_PYTHON) ] || python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_PYTHON) -c 'import playwright' 2>/dev/null || \
	  $(BROWSER_PYTHON) -m pip install --quiet --disable-pip-version-check playwright

# textmate-grammar-python (from PyPI) in a virtual environment under .build/, for the grammar test.
EDITOR_VENV := .build/editor-tests
EDITOR_PYTHON := $(EDITOR_VENV)/bin/python

editor-deps:
	@[ -x $(EDITOR_PYTHON) ] || python3 -m venv $(EDITOR_VENV)
	@$(EDITOR_PYTHON) -c 'import textmate_grammar' 2>/dev/null || \
	  $(EDITOR_PYTHON) -m pip install --quiet --disable-pip-version-check textmate-grammar-python==0.6.1

# A target may import only the targets it depends on: the layers of the library (README, "The code").
LAYER_CHECK := --explicit-target-dependency-import-check error

# For the SwiftPM calls that only build. SwiftPM 6.3.1 passes the package's two traits to the
# compiler as -DServe -DCombine in the order of a Set, which Swift's per-process random hashing
# redraws: a build that plans afresh recompiles every mediate target about one time in two
# (swiftlang/swift-package-manager#10525). A fixed hash seed keeps one order. Never for a process
# that runs the tests or the tool: their output must not depend on it.
BUILD_ENV := SWIFT_DETERMINISTIC_HASHING=1

build: deps
	$(BUILD_ENV) $(SWIFT) build $(LAYER_CHECK)

# Release builds link the Swift runtime and Foundation statically on Linux: a run starts in half
# the time. Apple platforms do not support --static-swift-stdlib (the runtime is the system's).
ifeq ($(UNAME),Darwin)
RELEASE_FLAGS := -c release
else
# No $ORIGIN in its RUNPATH either (SwiftPM adds it by default): the binary loads libraries from
# the system's folders only, never one put beside it.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
endif

# The release binary's path, as a shell expression for recipes (SwiftPM chooses the folder).
RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mediate

# `make release` calls SwiftPM only when a file it builds from (Sources/, Plugins/, Package.swift,
# Package.resolved) is newer than its last build, or the binary is missing or was rebuilt since:
# SwiftPM's own no-op build takes about 20 s here, since it compiles every package plugin again
# (swiftlang/swift-package-manager#6596). `make -B release` builds regardless.
RELEASE_STAMP := .build/release-build.stamp
RELEASE_INPUTS := Package.swift $(wildcard Package.resolved) $(shell find Sources Plugins -type f 2>/dev/null) \
  $(or $(wildcard .build/release/mediate),FORCE)

release: deps $(RELEASE_STAMP)

$(RELEASE_STAMP): $(RELEASE_INPUTS)
	$(BUILD_ENV) $(SWIFT) build $(RELEASE_FLAGS)
ifneq ($(UNAME),Darwin)
	@bin=$(RELEASE_BIN); \
	if readelf -d "$$bin" | grep -E 'R(UN)?PATH' | grep -q 'ORIGIN'; then \
	  echo "$$bin: its RUNPATH names \$$ORIGIN (readelf -d); build it with --disable-local-rpath"; exit 1; \
	fi
endif
	@touch $@

FORCE:

# `make install` copies the release binary (the build `make run` uses, so it is built once), its
# man page and its bash, zsh and fish completions under $(DESTDIR)$(PREFIX); `make uninstall`
# removes those five files and nothing else (the folders stay, as GNU packages leave them).
# PREFIX=~/.local installs without root. DESTDIR stages the tree for a package.
PREFIX ?= /usr/local
INSTALLED_FILES := bin/mediate share/man/man1/mediate.1 share/bash-completion/completions/mediate \
  share/zsh/site-functions/_mediate share/fish/vendor_completions.d/mediate.fish

# `sudo make install` (root, in a .build that is not root's) installs what `make release` built
# there, without building: sudo's PATH may have no swift, and a build as root would leave files
# in .build that the user can no longer write.
SUDO_INSTALL := $(shell [ "$$(id -u)" -eq 0 ] && [ -d .build ] && [ -z "$$(find .build -maxdepth 0 -user 0)" ] && echo yes)

install: $(if $(SUDO_INSTALL),,release)
ifeq ($(SUDO_INSTALL),yes)
	@[ -x .build/release/mediate ] || { echo "No release build in .build: run make release (as yourself), then sudo make install"; exit 1; }
endif
	@bin=$(if $(SUDO_INSTALL),.build/release/mediate,$(RELEASE_BIN)); \
	Scripts/runtime-needs "$$bin" >/dev/null || exit 1; \
	dest="$(DESTDIR)$(PREFIX)"; \
	install -d "$$dest/bin" "$$dest/share/man/man1" "$$dest/share/bash-completion/completions" \
	  "$$dest/share/zsh/site-functions" "$$dest/share/fish/vendor_completions.d" && \
	install -m 755 "$$bin" "$$dest/bin/mediate" && \
	install -m 644 Shell/mediate.1 "$$dest/share/man/man1/mediate.1" && \
	install -m 644 Shell/mediate.bash "$$dest/share/bash-completion/completions/mediate" && \
	install -m 644 Shell/_mediate "$$dest/share/zsh/site-functions/_mediate" && \
	install -m 644 Shell/mediate.fish "$$dest/share/fish/vendor_completions.d/mediate.fish" || exit 1; \
	echo "Installed under $$dest:"; for f in $(INSTALLED_FILES); do echo "  $$f"; done; \
	Scripts/runtime-needs "$$dest/bin/mediate"

uninstall:
	@dest="$(DESTDIR)$(PREFIX)"; for f in $(INSTALLED_FILES); do \
	  if [ -e "$$dest/$$f" ] || [ -L "$$dest/$$f" ]; then rm -f "$$dest/$$f" && echo "Removed $$dest/$$f"; fi; \
	done

# Installs into a temporary PREFIX and DESTDIR, runs the installed binary, uninstalls.
install-test: release
	Scripts/install-test

# The documentation's commands (README.md, CONTRIBUTING.md, docs/), the examples of every --help
# and `mediate init`'s hint, run against `make install PREFIX=<temporary folder>` in a copy of
# the repository (Tests/Docs/docs_test.py says what it runs and how a block announces an exit).
docs-test: release
	python3 Tests/Docs/docs_test.py

# The shell steps of action.yml (Scripts/action/), run against the debug build.
action-test: build
	MEDIATE=$$($(SWIFT) build --show-bin-path)/mediate Scripts/action/test

# Every scenario under every kind into Output/<stem>/<kind>.transcript. Exit 1 (a scenario's
# expectation failed on purpose) is expected; 2 and 3 are not.
run: release
	@bin=$(RELEASE_BIN); \
	for f in $(SCENARIOS); do \
	  "$$bin" run "$$f" --mediator all --output Output; code=$$?; \
	  if [ $$code -ne 0 ] && [ $$code -ne 1 ]; then echo "$$f: exit $$code"; exit $$code; fi; \
	done; \
	"$$bin" report Scenarios -o Output/report.html; \
	echo "Wrote Output/ for $(words $(SCENARIOS)) scenarios under every kind, and Output/report.html."

# Every test, through Scripts/test-runner, which ends with one line for all of them: the debug
# build (no compiler warning in our code) and the release build `make run` uses (so it is built
# once); the Swift tests, which keep one core busy, alongside the rest: with the release binary,
# the report page's player and `watch --serve` in Chromium and the language server's client;
# with the debug binary, the VS Code extension, the report page's script (`node --check`, as the
# extension's), then `mediate check`: the committed Output/ (the report page too) must match what
# the code writes; `fmt --check`; the action's shell steps;
# then, with the release binary, Scripts/stream-test, `make install` and `make uninstall`, and
# the documentation's commands. Nothing after the two builds calls SwiftPM to build, which would
# wait for the Swift tests' lock on .build.
test: EXTRA_PACKAGES = $(TEST_PACKAGES)
test: deps browser-deps editor-deps
	@debug=$$($(SWIFT) build --show-bin-path)/mediate; \
	release=$(RELEASE_BIN); \
	MEDIATE="$$debug" RELEASE="$$release" python3 Scripts/test-runner \
	  --gate build '$(BUILD_ENV) $(SWIFT) build --build-tests $(LAYER_CHECK)' \
	  --gate 'release build' '$(MAKE) --no-print-directory release' \
	  --alongside 'swift test' '$(SWIFT) test --skip-build --disable-xctest' \
	  --step 'player (Chromium)' 'MEDIATE="$$RELEASE" $(BROWSER_PYTHON) Tests/Browser/player_test.py' \
	  --step 'watch (Chromium)' 'MEDIATE="$$RELEASE" $(BROWSER_PYTHON) Tests/Browser/watch_test.py' \
	  --step 'language server' 'MEDIATE="$$RELEASE" python3 Tests/LSP/lsp_client_test.py' \
	  --step 'VS Code grammar' '$(EDITOR_PYTHON) Editors/vscode/test/grammar_test.py' \
	  --step 'VS Code scripts' 'for f in Editors/vscode/*.js Editors/vscode/test/*.js; do node --check "$$f" || exit 1; done' \
	  --step 'layers picture' 'Scripts/layers-picture --check' \
	  --step 'player picture' 'python3 Scripts/screenshot-player --check $(PLAYER_PICTURE)' \
	  --step 'report page script' 'for f in Sources/MediateKit/Report/Assets/*.js; do node --check "$$f" || exit 1; done' \
	  --step 'VS Code client' 'node Editors/vscode/test/extension_test.js "$$MEDIATE"' \
	  --step 'VS Code preview' '$(BROWSER_PYTHON) Editors/vscode/test/preview_test.py' \
	  --step 'goldens (Output/)' '"$$MEDIATE" check Scenarios --output Output' \
	  --step 'report page' 'report=$$(mktemp -d)/report.html; "$$MEDIATE" report Scenarios -o "$$report" >/dev/null && cmp -s "$$report" Output/report.html || { echo "Output/report.html is not what mediate report Scenarios writes: run make run"; exit 1; }' \
	  --step 'fmt --check' '"$$MEDIATE" fmt --check Scenarios/*.scenario' \
	  --step 'GitHub action' 'Scripts/action/test' \
	  --step 'stream test' 'MEDIATE="$$RELEASE" Scripts/stream-test' \
	  --step 'make install' 'Scripts/install-test' \
	  --step 'docs that run' 'python3 Tests/Docs/docs_test.py'

# The path of the release binary, for scripts (Scripts/stream-test).
release-bin:
	@echo "$(RELEASE_BIN)"

# The VS Code extension (Editors/vscode): its grammar, its JavaScript (syntax, then the LSP client
# against a fake server and the built mediate's `lsp`), and its preview page under the webview's CSP.
editor-test: EXTRA_PACKAGES = $(TEST_PACKAGES)
editor-test: build browser-deps editor-deps
	$(EDITOR_PYTHON) Editors/vscode/test/grammar_test.py
	@for f in Editors/vscode/*.js Editors/vscode/test/*.js; do node --check "$$f" || exit 1; done
	node Editors/vscode/test/extension_test.js $$($(SWIFT) build --show-bin-path)/mediate
	MEDIATE=$$($(SWIFT) build --show-bin-path)/mediate $(BROWSER_PYTHON) Editors/vscode/test/preview_test.py

# Shell completion scripts and the man page, generated from the command definitions into Shell/.
# The man page's date is the last commit's, so the file only changes with the code.
shell: build
	@mkdir -p Shell
	@bin=$$($(SWIFT) build --show-bin-path)/mediate; \
	"$$bin" --generate-completion-script bash > Shell/mediate.bash; \
	"$$bin" --generate-completion-script zsh > Shell/_mediate; \
	"$$bin" --generate-completion-script fish > Shell/mediate.fish
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output-directory Shell \
	  --date "$$(git log -1 --format=%cs 2>/dev/null || echo 1970-01-01)"
	@echo "Wrote Shell/mediate.bash, Shell/_mediate, Shell/mediate.fish and Shell/mediate.1"

# The README's pictures, in Chromium: the player of Output/report.html (from `make run`), and what
# `mediate check` prints when behaviour changes. The player's picture has a stamp beside it
# (docs/report-player.png.sha256: the page's sha256 and its own), which `make test` checks, so it
# is taken again whenever the page changes.
PLAYER_PICTURE := Output/report.html docs/report-player.png control-room difference
screenshot: EXTRA_PACKAGES = $(SCREENSHOT_PACKAGES)
screenshot: deps browser-deps build
	$(BROWSER_PYTHON) Scripts/screenshot-player $(PLAYER_PICTURE)
	MEDIATE=$$($(SWIFT) build --show-bin-path)/mediate $(BROWSER_PYTHON) Scripts/screenshot-check docs/check-diff.png

validate: build
	$$($(SWIFT) build --show-bin-path)/mediate validate $(SCENARIOS)

clean:
	rm -rf .build
