#!/usr/bin/env bash
# The main job end to end, on the embedded defaults. Each step prints what it does.
set -euo pipefail
NAK=${1:-.build/debug/nak-swift}
echo "demo: nak-swift at $NAK"

# --- foundation: keys, events, NIP-19, NIP-44 ---
step() { printf '\n== %s\n' "$*"; }

step "generate two keys (alice, bob)"
ALICE_SEC=$("$NAK" key generate)
BOB_SEC=$("$NAK" key generate)
ALICE=$(printf "%s\n" "$ALICE_SEC" | "$NAK" key public)
BOB=$(printf "%s\n" "$BOB_SEC" | "$NAK" key public)
echo "alice pubkey: $ALICE"
echo "bob pubkey:   $BOB"
echo "alice npub:   $(printf "%s\n" "$ALICE_SEC" | "$NAK" key public --npub)"

step "alice builds and signs a note mentioning bob"
NOTE=$(NOSTR_SECRET_KEY="$ALICE_SEC" "$NAK" event -k 1 -c "hello bob, from nak-swift" -p "$BOB" -t t=demo)
echo "$NOTE"

step "verify the note (silent on success)"
echo "$NOTE" | "$NAK" verify && echo "valid"

step "encode the note's id as NIP-19 nevent and decode it back"
ID=$(echo "$NOTE" | sed -E 's/.*"id":"([0-9a-f]{64})".*/\1/')
NEVENT=$("$NAK" encode nevent --author "$ALICE" --relay wss://relay.example "$ID")
echo "$NEVENT"
"$NAK" decode "$NEVENT"

step "alice encrypts a message to bob with NIP-44; bob decrypts it"
PAYLOAD=$(NOSTR_SECRET_KEY="$ALICE_SEC" "$NAK" encrypt -p "$BOB" "meet at noon")
echo "payload: $PAYLOAD"
echo "bob reads: $(NOSTR_SECRET_KEY="$BOB_SEC" "$NAK" decrypt -p "$ALICE" "$PAYLOAD")"

# --- relays: publish, query, count and fetch against a local relay ---
step "start a local relay (serve --port 0) and publish alice's note to it"
SERVE_LOG=$(mktemp)
"$NAK" serve --port 0 --db :memory: 2>"$SERVE_LOG" &
SERVE_PID=$!
trap 'kill $SERVE_PID 2>/dev/null || true; rm -f "$SERVE_LOG"' EXIT
for _ in $(seq 100); do grep -q "relay running at" "$SERVE_LOG" && break; sleep 0.05; done
RELAY=$(sed -nE 's/.*relay running at (ws:[^ ]+).*/\1/p' "$SERVE_LOG" | head -1)
echo "$NOTE" | "$NAK" event "$RELAY"

step "query it back (req exits after EOSE), count it (NIP-45), fetch it by nevent"
"$NAK" req -k 1 -a "$ALICE" "$RELAY"
"$NAK" count -k 1 "$RELAY"
"$NAK" fetch "$("$NAK" encode nevent --relay "$RELAY" "$ID")"

step "a relay that cannot be reached is named, and the exit code says so (3)"
"$NAK" req -k 1 ws://127.0.0.1:1 || echo "exit $?"
kill $SERVE_PID
# --- private messages (NIP-17) through a local relay; keys travel in the environment, not argv ---
DM_TMP=$(mktemp -d)
SERVE_PID=
cleanup_dm() { if [ -n "$SERVE_PID" ]; then kill "$SERVE_PID" 2>/dev/null || true; fi; rm -rf "$DM_TMP"; }
trap cleanup_dm EXIT
# Each person gets a key store and an index of their own under $DM_TMP (your real ones are not touched).
as_alice() { XDG_CONFIG_HOME="$DM_TMP/alice" XDG_DATA_HOME="$DM_TMP/alice" NOSTR_PASSWORD=demo-password "$NAK" "$@"; }
as_bob() { XDG_CONFIG_HOME="$DM_TMP/bob" XDG_DATA_HOME="$DM_TMP/bob" NOSTR_SECRET_KEY="$BOB_SEC" "$NAK" "$@"; }

step "alice keeps her key in the key store (NIP-49, password from NOSTR_PASSWORD), then signs with --sec alice"
printf '%s\n' "$ALICE_SEC" | as_alice key store add alice - --logn 14
as_alice key store list

step "start a local relay: nak-swift serve --port 0"
"$NAK" serve --port 0 2>"$DM_TMP/serve.log" &
SERVE_PID=$!
for _ in $(seq 1 100); do grep -q "relay running at" "$DM_TMP/serve.log" && break; sleep 0.1; done
RELAY=$(sed -n 's/.*relay running at //p' "$DM_TMP/serve.log" | head -n 1)
[ -n "$RELAY" ] || { echo "the relay did not start:"; cat "$DM_TMP/serve.log"; exit 1; }
echo "relay: $RELAY"

step "bob publishes his DM inbox relays (kind 10050)"
as_bob dm relays set "$RELAY"

step "alice looks up bob's inbox and sends him a private message (one gift wrap for bob, one for herself)"
as_alice dm relays "$BOB" "$RELAY"
as_alice dm send --sec alice -p "$BOB" --subject lunch "noon at the usual place?" "$RELAY"

step "bob fetches, opens and lists his messages"
as_bob dm list "$RELAY"

step "the relay stops; bob's second list comes from his index, offline"
kill "$SERVE_PID"; wait "$SERVE_PID" 2>/dev/null || true; SERVE_PID=
as_bob dm list

# --- Blossom: upload and download a blob through serve --blossom ---
BLOSSOM_TMP=$(mktemp -d)
BLOSSOM_PID=
cleanup_blossom() { if [ -n "$BLOSSOM_PID" ]; then kill "$BLOSSOM_PID" 2>/dev/null || true; fi; rm -rf "$BLOSSOM_TMP"; cleanup_dm; }
trap cleanup_blossom EXIT

step "start a relay that also serves Blossom blobs: nak-swift serve --port 0 --blossom DIR"
"$NAK" serve --port 0 --blossom "$BLOSSOM_TMP/blobs" 2>"$BLOSSOM_TMP/serve.log" &
BLOSSOM_PID=$!
for _ in $(seq 1 100); do grep -q "relay running at" "$BLOSSOM_TMP/serve.log" && break; sleep 0.1; done
BLOSSOM=$(sed -n 's/.*relay running at ws:/http:/p' "$BLOSSOM_TMP/serve.log" | head -n 1)
[ -n "$BLOSSOM" ] || { echo "the server did not start:"; cat "$BLOSSOM_TMP/serve.log"; exit 1; }
echo "blossom server: $BLOSSOM"

step "alice uploads a file (BUD-02, authorized by a kind-24242 token) and gets its blob descriptor"
head -c 200000 /dev/urandom >"$BLOSSOM_TMP/photo.bin"
DESCRIPTOR=$(NOSTR_SECRET_KEY="$ALICE_SEC" "$NAK" blossom --server "$BLOSSOM" upload "$BLOSSOM_TMP/photo.bin")
echo "$DESCRIPTOR"
SHA=$(echo "$DESCRIPTOR" | sed -E 's/.*"sha256":"([0-9a-f]{64})".*/\1/')

step "anyone downloads it by hash (checked against the hash) and gets the same bytes"
"$NAK" blossom --server "$BLOSSOM" download "$SHA" -o "$BLOSSOM_TMP/copy.bin"
cmp "$BLOSSOM_TMP/photo.bin" "$BLOSSOM_TMP/copy.bin" && echo "identical: $SHA"

step "alice lists her blobs, then deletes this one"
NOSTR_SECRET_KEY="$ALICE_SEC" "$NAK" blossom --server "$BLOSSOM" list
NOSTR_SECRET_KEY="$ALICE_SEC" "$NAK" blossom --server "$BLOSSOM" delete "$SHA"
"$NAK" blossom --server "$BLOSSOM" download "$SHA" >/dev/null || echo "gone (exit $?)"
kill "$BLOSSOM_PID"; wait "$BLOSSOM_PID" 2>/dev/null || true; BLOSSOM_PID=

# --- remote signing (NIP-46): alice's key stays in her bunker; a client signs through it ---
BUNKER_PID=
cleanup_bunker() { if [ -n "$BUNKER_PID" ]; then kill "$BUNKER_PID" 2>/dev/null || true; fi; cleanup_blossom; }
trap cleanup_bunker EXIT
as_client() { XDG_CONFIG_HOME="$DM_TMP/client" XDG_DATA_HOME="$DM_TMP/client" "$NAK" "$@"; }

step "start a relay and alice's bunker on it (default deny; prints its bunker:// URI)"
"$NAK" serve --port 0 2>"$DM_TMP/serve2.log" &
SERVE_PID=$!
for _ in $(seq 1 100); do grep -q "relay running at" "$DM_TMP/serve2.log" && break; sleep 0.1; done
RELAY=$(sed -n 's/.*relay running at //p' "$DM_TMP/serve2.log" | head -n 1)
# Not through as_alice: $! must be the bunker itself so the cleanup can stop it.
XDG_CONFIG_HOME="$DM_TMP/alice" XDG_DATA_HOME="$DM_TMP/alice" NOSTR_PASSWORD=demo-password \
    "$NAK" bunker --sec alice "$RELAY" >"$DM_TMP/bunker.out" 2>"$DM_TMP/bunker.log" &
BUNKER_PID=$!
for _ in $(seq 1 100); do grep -q "bunker://" "$DM_TMP/bunker.out" && break; sleep 0.1; done
BUNKER_URI=$(head -n 1 "$DM_TMP/bunker.out")
echo "$BUNKER_URI" | sed -E 's/secret=[^&]*/secret=<one-time>/'

step "a client pairs once with the one-time secret and remembers the session as 'phone'"
as_client connect "$BUNKER_URI" --name phone --perms sign_event:1

step "the client signs a note with --sec phone: the key never leaves the bunker"
as_client event --sec phone -c "signed through alice's bunker" "$RELAY"

step "the secret was used: a second pairing with it is refused"
as_client connect "$BUNKER_URI" || echo "exit $?"

step "alice lists her bunker's clients and its audit log"
as_alice bunker clients
as_alice bunker clients --audit
# --- push notifications: enrich what a push service delivers ---
step "bob's phone gets an APNs payload carrying alice's note; push-enrich turns it into a notification"
printf '{"aps":{"mutable-content":1},"nostr_event":%s}\n' "$NOTE" | NOSTR_SECRET_KEY="$BOB_SEC" "$NAK" push-enrich

step "the same as an NDJSON stream: a broken payload gets an error line, a repeat is suppressed"
printf '%s\n{"nostr_event":\n%s\n' "$NOTE" "$NOTE" | NOSTR_SECRET_KEY="$BOB_SEC" "$NAK" push-enrich --stream
