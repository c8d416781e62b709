# mediate: `make run` regenerates Output/ from Scenarios/, `make test` runs the whole test suite.
# Both install the system packages they need first (with sudo when not root).

SWIFT ?= swift
# Debian packages the build needs beyond the Swift toolchain: libgraphviz for rendering in
# process, and pkg-config, through which SwiftPM finds it.
APT_PACKAGES := libgraphviz-dev pkg-config
SCENARIOS := $(sort $(wildcard Scenarios/*.scenario))

.PHONY: all deps build release run test validate clean

all: build

# Installs whichever of APT_PACKAGES is missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

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
	echo "Wrote Output/ for $(words $(SCENARIOS)) scenarios under every kind."

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

validate: build
	$$($(SWIFT) build --show-bin-path)/mediate validate $(SCENARIOS)

clean:
	rm -rf .build
