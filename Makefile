# mediate: `make run` regenerates Output/ from Scenarios/, `make test` runs the whole test suite, then
# Scripts/stream-test (a run of 10,000,000 deliveries in bounded memory).
# Both install the system packages they need first (with sudo when not root).

SWIFT ?= swift
# Debian packages the build needs beyond the Swift toolchain: libgraphviz for rendering in
# process, and pkg-config, through which SwiftPM finds it.
APT_PACKAGES := libgraphviz-dev pkg-config
# What `make test` needs beyond the build: Chromium renders the report page for its DOM test,
# GNU time measures Scripts/stream-test's peak memory.
TEST_PACKAGES := chromium time
SCENARIOS := $(sort $(wildcard Scenarios/*.scenario))

.PHONY: all deps build release run test validate shell clean

all: build

# Installs whichever of APT_PACKAGES (and, for `make test`, TEST_PACKAGES) is missing.
deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# A target may import only the targets it depends on: the layers of the library (README, "The code").
LAYER_CHECK := --explicit-target-dependency-import-check error

build: deps
	$(SWIFT) build $(LAYER_CHECK)

# Release builds link the Swift runtime and Foundation statically: a run starts in half the time.
RELEASE_FLAGS := -c release --static-swift-stdlib

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# Every scenario under every kind into Output/<stem>/<kind>.transcript. Exit 1 (a scenario's
# expectation failed on purpose) is expected; 2 and 3 are not.
run: release
	@bin=$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/mediate; \
	for f in $(SCENARIOS); do \
	  "$$bin" run "$$f" --mediator all --output Output; code=$$?; \
	  if [ $$code -ne 0 ] && [ $$code -ne 1 ]; then echo "$$f: exit $$code"; exit $$code; fi; \
	done; \
	"$$bin" report Scenarios -o Output/report.html; \
	echo "Wrote Output/ for $(words $(SCENARIOS)) scenarios under every kind, and Output/report.html."

# The unit tests, then `mediate check`: the committed Output/ must match what the code writes.
test: EXTRA_PACKAGES = $(TEST_PACKAGES)
test: deps
	$(SWIFT) build --build-tests $(LAYER_CHECK)
	$(SWIFT) test --skip-build
	$$($(SWIFT) build --show-bin-path)/mediate check Scenarios --output Output
	$$($(SWIFT) build --show-bin-path)/mediate fmt --check Scenarios/*.scenario
	Scripts/stream-test

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

validate: build
	$$($(SWIFT) build --show-bin-path)/mediate validate $(SCENARIOS)

clean:
	rm -rf .build
