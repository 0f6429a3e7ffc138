# The two entry points: `make demo` and `make test`. Both install the Debian packages they need
# when missing, so a fresh clone on a fresh Debian machine with Swift works.
DEPS := libsecp256k1-dev libssl-dev libsodium-dev libsqlite3-dev libqrencode-dev
SWIFT ?= swift

.PHONY: deps build release test demo bench clean

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

demo: build
	bash scripts/demo.sh .build/debug/nak-swift

bench: release
	.build/release/nostr-bench all

clean:
	$(SWIFT) package clean
